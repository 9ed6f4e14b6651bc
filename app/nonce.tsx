import { createContext, useContext, type ReactNode } from 'react';

const NonceContext = createContext('');

/** Provides the CSP nonce of this response (empty in the browser, where it is not needed). */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}
