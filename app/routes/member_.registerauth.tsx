import { RegisterScreen } from '~/components/member/register-screen';
import type { RouteHandle } from '~/root';

/**
 * /member/registerauth: the vendor's second address of first-time registration, the same page as
 * /member/register (its loader, action and title).
 */
export { action, loader, meta } from './member_.register';

// No hydration: server-rendered forms and one small script (ADR 068).
export const handle: RouteHandle = { memberStyles: true };

export default RegisterScreen;
