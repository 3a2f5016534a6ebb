// Which local files can be attached to a message and how large they may be: one rule for the composer and the host.

/** Raw bytes per upload chunk (about 350 KB once in base64), far below the bridge's frame limit. */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;
/** A text file larger than this would crowd out the rest of a model's context. */
export const MAX_TEXT_FILE_BYTES = 512 * 1024;
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
const TEXT_EXTENSIONS = new Set(
  (
    'txt md markdown rst adoc org tex csv tsv json jsonl ndjson yaml yml toml ini cfg conf env properties xml ' +
    'html htm css scss less svg log sql graphql gql proto ts tsx js jsx mjs cjs py rb php java kt kts scala go ' +
    'rs c h cc cpp hpp cs swift m mm r jl lua pl sh bash zsh fish ps1 bat dart ex exs erl hs ml clj vue ' +
    'svelte astro diff patch gitignore dockerfile makefile cmake gradle lock'
  ).split(' '),
);
const TEXT_MIME =
  /^(text\/|application\/(json|ld\+json|xml|javascript|x-sh|x-yaml|yaml|toml|sql|graphql|x-python))/;
/** Kinds of file the model cannot read here, by extension (the page names each in its language). */
const KNOWN_BINARY: Record<string, BinaryKind> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  zip: 'zip',
  gz: 'compressed',
  tar: 'archive',
  '7z': 'archive',
  rar: 'archive',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  heic: 'heic',
  bmp: 'bmp',
  tif: 'tiff',
  tiff: 'tiff',
  exe: 'program',
  dmg: 'diskImage',
  iso: 'diskImage',
};

/** The host's English for each kind (its errors); the page has its own words. */
const BINARY_WORDS: Record<BinaryKind, string> = {
  pdf: 'PDF',
  word: 'Word',
  excel: 'Excel',
  powerpoint: 'PowerPoint',
  zip: 'ZIP',
  compressed: 'compressed',
  archive: 'archive',
  audio: 'audio',
  video: 'video',
  heic: 'HEIC image',
  bmp: 'BMP image',
  tiff: 'TIFF image',
  program: 'program',
  diskImage: 'disk image',
};

export type BinaryKind =
  | 'pdf'
  | 'word'
  | 'excel'
  | 'powerpoint'
  | 'zip'
  | 'compressed'
  | 'archive'
  | 'audio'
  | 'video'
  | 'heic'
  | 'bmp'
  | 'tiff'
  | 'program'
  | 'diskImage';

/**
 * Why a file is refused, for the page to say in its language: too large for what it is, or of a kind the
 * model cannot read (a known kind, an image or file type the model does not take, or nothing to tell).
 */
export type FileRefusal =
  | { code: 'tooLarge'; as: 'image' | 'text'; name: string; size: number; max: number }
  | { code: 'unreadable'; name: string; kind: BinaryKind | 'image' | 'type' | 'unknown'; type: string };

export type FileVerdict =
  | { ok: true; as: 'text' | 'image'; mimeType: string }
  | { ok: false; reason: string; refusal: FileRefusal };

// i18n-ignore: the host’s English; the page words it by `refusal`
const ACCEPTED = 'Text files (notes, code, data) and PNG, JPEG, GIF or WebP images can be attached.';

/** The file's extension, lower case, or '' (a dotfile or a name without a dot counts as its own name). */
function extensionOf(name: string): string {
  const base = name.toLowerCase();
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1) : base.replace(/^\./, '');
}

/** "1.2 MB", "300 KB". */
export function sizeText(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * Whether a file can be attached, judged by its name, type and size: images go to models that see
 * them, text files as text; everything else is refused with a reason. The host checks the contents too.
 */
export function classifyFile(name: string, mimeType: string, size: number): FileVerdict {
  const type = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = extensionOf(name);
  const image = Object.values(IMAGE_TYPES).includes(type) ? type : IMAGE_TYPES[extension];
  if (image) {
    if (size > MAX_IMAGE_BYTES)
      return refused({ code: 'tooLarge', as: 'image', name, size, max: MAX_IMAGE_BYTES });
    return { ok: true, as: 'image', mimeType: image };
  }
  const binary = KNOWN_BINARY[extension];
  const text =
    !binary &&
    (TEXT_MIME.test(type) || TEXT_EXTENSIONS.has(extension) || (type === '' && !name.includes('.')));
  if (text) {
    if (size > MAX_TEXT_FILE_BYTES)
      return refused({ code: 'tooLarge', as: 'text', name, size, max: MAX_TEXT_FILE_BYTES });
    return { ok: true, as: 'text', mimeType: TEXT_MIME.test(type) ? type : 'text/plain' };
  }
  const kind = binary ?? (type.startsWith('image/') ? 'image' : type ? 'type' : 'unknown');
  return refused({ code: 'unreadable', name, kind, type });
}

/** A refusal with the host's English reason. */
function refused(refusal: FileRefusal): FileVerdict {
  return { ok: false, reason: refusalReason(refusal), refusal };
}

/** A refusal in the host's English, for its errors and logs (the page says it in its own language). */
export function refusalReason(refusal: FileRefusal): string {
  const { name } = refusal;
  if (refusal.code === 'tooLarge') {
    const { size, max } = refusal;
    return refusal.as === 'image'
      ? `${name} is ${sizeText(size)}; images can be at most ${sizeText(max)}.`
      : `${name} is ${sizeText(size)}; text files can be at most ${sizeText(max)}, more than a model reads well at once.`;
  }
  const { kind, type } = refusal;
  const what =
    kind === 'image'
      ? `${type} images`
      : kind === 'type'
        ? `files of type ${type}`
        : kind === 'unknown'
          ? 'files of this kind'
          : `${BINARY_WORDS[kind]} files`;
  return `${name} was not attached: ${what} cannot be read by the model here. ${ACCEPTED}`;
}
