import { describe, expect, it } from 'vitest';
import { PRESS_MENTIONS } from './press';

describe('PRESS_MENTIONS', () => {
  it('names only coverage it can point to: a name and the https address of the article, once each', () => {
    for (const mention of PRESS_MENTIONS) {
      expect(mention.name.trim()).not.toBe('');
      expect(mention.url).toMatch(/^https:\/\/[^\s/]+\.[^\s/]+(\/\S*)?$/);
    }
    expect(new Set(PRESS_MENTIONS.map((mention) => mention.url)).size).toBe(PRESS_MENTIONS.length);
  });
});
