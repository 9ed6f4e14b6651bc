import { createContext, useContext, type ReactNode } from 'react';

/** The stylesheets' texts a page writes into its head; empty where a page links the file instead. */
export interface InlineStyles {
  app: string;
  member: string;
}

/** Which `<style>` holds which stylesheet: the browser finds the server's texts again by it. */
export const INLINE_STYLE_ATTRIBUTE = 'data-stylesheet';

/**
 * In the browser, the texts the server wrote into the document, read once before React hydrates it:
 * a hydrating page renders the same `<style>` elements with the same text, and keeps them through
 * client navigation (ADR 075).
 */
function fromDocument(): InlineStyles {
  if (typeof document === 'undefined') return { app: '', member: '' };
  const text = (name: keyof InlineStyles) =>
    document.head.querySelector(`style[${INLINE_STYLE_ATTRIBUTE}="${name}"]`)?.textContent ?? '';
  return { app: text('app'), member: text('member') };
}

const InlineStyleContext = createContext<InlineStyles>(fromDocument());

/**
 * Provides the stylesheets' texts to the server render (ADR 022, ADR 075); in the browser the
 * context's default, read from the document, stands in for it.
 */
export function InlineStyleProvider({ value, children }: { value: InlineStyles; children: ReactNode }) {
  return <InlineStyleContext.Provider value={value}>{children}</InlineStyleContext.Provider>;
}

export function useInlineStyles(): InlineStyles {
  return useContext(InlineStyleContext);
}
