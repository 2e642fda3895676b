import { brand } from '@stillpoint/core';
import { NOTE_TAG } from './css';

export interface NoteQuote {
  quote: string;
  author: string;
}

const NOTE_STYLE = `
:host { all: initial; display: block; color: inherit; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; }
.note { box-sizing: border-box; max-width: 34rem; margin: 2rem auto; padding: 1.5rem 1.75rem;
  border: 1px solid color-mix(in srgb, currentColor 18%, transparent); border-radius: 16px; text-align: center; }
.lead { margin: 0 0 1rem; opacity: 0.8; }
blockquote { margin: 0; font-size: 1.1rem; }
blockquote p { margin: 0 0 0.5rem; }
cite { font-style: normal; opacity: 0.7; }
`;

/**
 * The note in a hidden feed's place: one line saying the feed is resting, and a quote about
 * attention. It lives in a shadow root, so the site's styles cannot reach it.
 */
export function createNote(document: Document, quote: NoteQuote): HTMLElement {
  const host = document.createElement(NOTE_TAG);
  const shadow = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = NOTE_STYLE;
  const note = document.createElement('section');
  note.className = 'note';
  note.setAttribute('aria-label', brand.name);
  const lead = document.createElement('p');
  lead.className = 'lead';
  lead.textContent = 'Your feed is resting. Search for what you came for.';
  const blockquote = document.createElement('blockquote');
  const text = document.createElement('p');
  text.textContent = `“${quote.quote}”`;
  const cite = document.createElement('cite');
  cite.textContent = `— ${quote.author}`;
  blockquote.append(text, cite);
  note.append(lead, blockquote);
  shadow.append(style, note);
  return host;
}
