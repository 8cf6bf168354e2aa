import type { Limit } from '../../../test/support/soak/budgets.js';
import type { SoakAccount } from '../../../test/support/soak/setup.js';
import type { World } from '../../../test/support/soak/world.js';

/**
 * A social write that an account switches on and off per target (a follow, a block): POST when it is off,
 * DELETE when it is on, within the account's budget of `limit`; `otherwise` when the budget says wait.
 */
export function socialToggle<T>(
  world: World,
  spec: {
    path: string;
    /** The operation's name when adding and when removing. */
    names: [adding: string, removing: string];
    limit: Limit;
    bucket: string;
    body: (target: T, adding: boolean) => unknown;
    otherwise: () => Promise<void>;
  },
): (account: SoakAccount, target: T) => Promise<void> {
  const on = new Map<number, Set<T>>();
  return async (account, target) => {
    const targets = on.get(account.fid) ?? new Set<T>();
    on.set(account.fid, targets);
    const adding = !targets.has(target);
    await world.withBudget(
      [[spec.limit, `${spec.bucket}:${account.fid}`]],
      async () => {
        const answer = await world.call(
          'social',
          spec.names[adding ? 0 : 1],
          adding ? 'POST' : 'DELETE',
          `${world.urls.social}${spec.path}`,
          { token: world.tokens.of(account), json: spec.body(target, adding) },
        );
        if (answer.status !== 200) return;
        if (adding) targets.add(target);
        else targets.delete(target);
      },
      spec.otherwise,
    );
  };
}
