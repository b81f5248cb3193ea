import { describe, expect, it } from 'vitest';
import { parseSocials } from './socials';

describe('parseSocials', () => {
  it('reads each known network with an http(s) address', () => {
    const text = JSON.stringify([
      { type: 'crunchbase', url: 'https://www.crunchbase.com/organization/acme' },
      { type: 'facebook', url: 'https://facebook.com/acme' },
      { type: 'x', url: 'http://x.com/acme' },
      { type: 'linkedin', url: ' https://linkedin.com/company/acme ' },
    ]);
    expect(parseSocials(text)).toEqual([
      { type: 'crunchbase', url: 'https://www.crunchbase.com/organization/acme' },
      { type: 'facebook', url: 'https://facebook.com/acme' },
      { type: 'x', url: 'http://x.com/acme' },
      { type: 'linkedin', url: 'https://linkedin.com/company/acme' },
    ]);
  });

  it('gives nothing for missing, empty, malformed or non-list text', () => {
    for (const text of [null, undefined, '', '   ', '[{', 'not json', '{"type":"x","url":"https://x.com/a"}', '42', 'null']) {
      expect(parseSocials(text), String(text)).toEqual([]);
    }
  });

  it('drops unknown networks, bad items and addresses that are not http(s)', () => {
    const text = JSON.stringify([
      { type: 'myspace', url: 'https://myspace.com/acme' },
      { type: 'x', url: 'javascript:alert(1)' },
      { type: 'facebook', url: 'data:text/html,hi' },
      { type: 'linkedin', url: 'not a url' },
      { type: 'x' },
      'https://x.com/acme',
      null,
      { type: 'facebook', url: 'https://facebook.com/acme' },
    ]);
    expect(parseSocials(text)).toEqual([{ type: 'facebook', url: 'https://facebook.com/acme' }]);
  });
});
