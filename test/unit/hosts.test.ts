/** Model and MediaWiki hosts as shown to the user, and which ones count as other than the defaults. */
import { describe, expect, it } from 'vitest';
import { hostLabel, isOtherHub, isOtherWiki } from '../../src/app/workers/hosts.ts';

describe('hostLabel', () => {
  it.each([
    { url: 'https://huggingface.co/', label: 'huggingface.co' },
    { url: 'https://hf-mirror.com/models/', label: 'hf-mirror.com' },
    { url: 'http://127.0.0.1:8080/', label: 'http://127.0.0.1:8080' },
    { url: 'http://evil.example:81/w/api.php', label: 'http://evil.example:81' },
    { url: 'not a url', label: 'not a url' },
  ])('$url → $label', ({ url, label }) => {
    expect(hostLabel(url)).toBe(label);
  });
});

describe('isOtherHub / isOtherWiki', () => {
  it.each([
    { hub: 'https://huggingface.co/', other: false },
    { hub: 'https://huggingface.co', other: false },
    { hub: 'http://huggingface.co/', other: true },
    { hub: 'https://huggingface.co.evil.example/', other: true },
    { hub: 'garbage', other: true },
  ])('hub $hub → $other', ({ hub, other }) => {
    expect(isOtherHub(hub)).toBe(other);
  });
  it.each([
    { api: 'https://en.wikipedia.org/w/api.php', other: false },
    { api: 'https://de.wikipedia.org/w/api.php', other: true },
    { api: 'https://en.wikipedia.org/other/api.php', other: true },
    { api: 'http://127.0.0.1:4000/w/api.php', other: true },
    { api: '::', other: true },
  ])('wiki $api → $other', ({ api, other }) => {
    expect(isOtherWiki(api)).toBe(other);
  });
});
