import { Trans } from '@lingui/react/macro';
import type { Standing } from '../../../../contract/index.js';
import { StandingText } from './PersonStandingText.js';
import { SafetyActions } from './SafetyActions.js';

/**
 * The name cell of a request row ("on a person's name … request rows"):
 * the name, then the person's standing and a small 'More about {name}' disclosure
 * holding 'Report' and 'Block'. The extras sit in an unnamed group, which
 * contributes nothing to the cell's accessible name: the cell stays named by the
 * person's name alone, as SPEC.md's tables are read. The action cells are left as
 * the spec has them.
 */
export function PersonNameCell({ name, userId, standing }: { name: string; userId: string | undefined; standing: Standing | undefined }) {
  return (
    <td>
      {name}
      <div role="group" className="mt-1 flex flex-col items-start gap-1">
        {standing && <StandingText standing={standing} className="whitespace-nowrap" />}
        {userId && (
          <details>
            <summary className="cursor-pointer text-sm underline">
              <Trans>
                More<span className="sr-only"> about {name}</span>
              </Trans>
            </summary>
            <SafetyActions type="user" targetId={userId} label={name} person={{ id: userId, name }} className="mt-1" />
          </details>
        )}
      </div>
    </td>
  );
}
