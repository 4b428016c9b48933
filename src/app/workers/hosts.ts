/** Model and MediaWiki hosts as the user should see them, and whether they are the defaults. */
import { WIKIPEDIA_API } from '../../core/natural/wiki-edit.ts';
import { DEFAULT_REMOTE_HOST } from '../store/runtime-slice.ts';

/** A host for people: 'huggingface.co' for HTTPS, the scheme too otherwise, e.g. hostLabel('http://127.0.0.1:8080/x') === 'http://127.0.0.1:8080'. */
export function hostLabel(url: string): string {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' ? u.host : `${u.protocol}//${u.host}`;
  } catch {
    return url;
  }
}

/** Whether two URLs have the same origin (an unparsable URL equals nothing). */
function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/** Whether models come from another host than the Hugging Face Hub. */
export const isOtherHub = (host: string) => !sameOrigin(host, DEFAULT_REMOTE_HOST);

/** Whether Wikipedia history comes from another API than English Wikipedia's. */
export const isOtherWiki = (api: string) => !sameOrigin(api, WIKIPEDIA_API) || new URL(api).pathname !== new URL(WIKIPEDIA_API).pathname;
