import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('turns every character that could open markup or end an attribute into an entity', () => {
    expect(escapeHtml(`Tom & "Jerry's" <img src=x onerror=alert(1)>`)).toBe(
      'Tom &amp; &quot;Jerry&#39;s&quot; &lt;img src=x onerror=alert(1)&gt;',
    );
  });

  it('leaves other text as it is, entities already written included (they are text to escape again)', () => {
    expect(escapeHtml('Müller Werkzeug – 2026')).toBe('Müller Werkzeug – 2026');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
