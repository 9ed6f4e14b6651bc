import { createContext, useContext, type ReactNode } from 'react';

const InlineStyleContext = createContext('');

/**
 * Provides the stylesheet text that pages without hydration write into their head (ADR 022). Only
 * the server render has it; in the browser it is empty and the document links the stylesheet.
 */
export function InlineStyleProvider({ value, children }: { value: string; children: ReactNode }) {
  return <InlineStyleContext.Provider value={value}>{children}</InlineStyleContext.Provider>;
}

export function useInlineStyle(): string {
  return useContext(InlineStyleContext);
}
