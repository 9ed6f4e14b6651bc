import { scriptLoader } from '~/lib/script-loader';

/** Loads `src` (a file of this site) through the hashed inline loader (ADR 034). */
export function LoadScript({ src }: { src: string }) {
  return <script dangerouslySetInnerHTML={{ __html: scriptLoader(src) }} />;
}
