// A message an app view suggests goes into the composer's box, for the person to edit and send.
import { type RefObject, useEffect, useState } from 'react';
import { actions, useComposerOffer } from '../../store';

/**
 * Takes a message an app view suggested into the box (after what is there), for the person to edit
 * and send; nothing is sent by the view. Answers the tool whose view suggested the text, until the box empties.
 */
export function useOfferedMessage(
  id: string,
  setText: (update: (current: string) => string) => void,
  box: RefObject<HTMLTextAreaElement | null>,
  text: string,
): string | null {
  const offer = useComposerOffer(id);
  const [from, setFrom] = useState<string | null>(null);
  useEffect(() => {
    if (!text.trim()) setFrom(null);
  }, [text]);
  useEffect(() => {
    if (!offer) return;
    actions.composerOfferTaken(id);
    setText((current) => (current.trim() ? `${current}\n\n${offer.text}` : offer.text));
    setFrom(offer.from);
    box.current?.focus();
  }, [id, offer, setText, box]);
  return from;
}
