import { createContext, useContext, type ReactNode } from 'react';

/** The `<style>` a public page carries its stylesheet in is marked with this attribute. */
export const INLINE_STYLE_ATTRIBUTE = 'data-stylesheet';

/**
 * The text of the stylesheet a public page writes into its head (ADR 022), or '' where the page links
 * the file instead. Only the server renders public pages; every page that hydrates is in the member
 * area, which links its stylesheet (ADR 089), so the browser never needs the text.
 */
const InlineStyleContext = createContext('');

/** Provides the public stylesheet's text to the server render. */
export function InlineStyleProvider({ value, children }: { value: string; children: ReactNode }) {
  return <InlineStyleContext.Provider value={value}>{children}</InlineStyleContext.Provider>;
}

export function useInlineStyle(): string {
  return useContext(InlineStyleContext);
}
