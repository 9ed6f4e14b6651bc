import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node';

import { RegisterScreen } from '~/components/member/register-screen';
import { REGISTER_TITLES } from '~/lib/forms/register';
import { titleFor } from '~/lib/meta';
import type { RouteHandle } from '~/root';
import { registerAction, registerLoader } from '~/server/auth/register.server';

// No hydration: server-rendered forms and one small script (ADR 068).
export const handle: RouteHandle = { memberStyles: true };

export const loader = () => registerLoader('register');

export const action = (args: ActionFunctionArgs) => registerAction('register', args);

export const meta: MetaFunction = (args) => [titleFor(args, REGISTER_TITLES.register)];

// The screen takes its mode from the loader's data.
export default RegisterScreen;
