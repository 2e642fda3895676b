import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('leaves no character that starts markup or ends a quoted attribute', () => {
    expect(escapeHtml(`"><i onclick='x'>&`)).toBe('&quot;&gt;&lt;i onclick=&#39;x&#39;&gt;&amp;');
    expect(escapeHtml('Sam')).toBe('Sam');
  });
});
