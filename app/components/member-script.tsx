import { useNonce } from '~/nonce';

/**
 * The one script of the member area's pages that do not hydrate (`app/client/member.ts`, ADR 068,
 * ADR 085), with this response's CSP nonce: these pages are never cached (they are under /member),
 * so the nonce costs nothing.
 */
export function MemberScript({ src }: { src: string }) {
  const nonce = useNonce();
  return <script src={src} nonce={nonce} defer />;
}
