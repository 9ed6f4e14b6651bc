import { useNonce } from '~/nonce';

/**
 * The entry pages' one script (`public/member-entry.js`, ADR 068), with this response's CSP nonce:
 * these pages are never cached (they are under /member), so the nonce costs nothing.
 */
export function EntryScript({ src }: { src: string }) {
  const nonce = useNonce();
  return <script src={src} nonce={nonce} defer />;
}
