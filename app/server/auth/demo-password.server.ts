import type { CoopBackend } from '../coop/types';
import { DEMO_MEMBER } from '../seed/demo.server';

/**
 * Outside demo mode (NODE_ENV=production without SEED_DEMO=1, or a PostgreSQL store without it) the
 * embedded store refuses the demo password printed in the README for every member, as a wrong
 * password would be, so a store that was once seeded for a demonstration — or a real member who
 * chose that password — cannot be logged into with it (docs/deploy.md).
 */
export function refusePublishedDemoPassword(backend: CoopBackend): CoopBackend {
  return new Proxy(backend, {
    get(target, property, receiver) {
      if (property !== 'login') return Reflect.get(target, property, receiver) as unknown;
      const login: CoopBackend['login'] = async (input) =>
        input.password === DEMO_MEMBER.password ? { ok: false, reason: 'invalid_credentials' } : target.login(input);
      return login;
    },
  });
}
