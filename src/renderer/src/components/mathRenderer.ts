// KaTeX for formulas in replies (with its styles), loaded the first time a reply may hold math.
import 'katex/dist/katex.min.css';

export { default as rehypeKatex } from 'rehype-katex';
