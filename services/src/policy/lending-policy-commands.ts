/**
 * Changing the lending policy: an admin proposes a whole new version; it always waits for
 * a second admin (the fixed maker-checker rule `lending_policy`, whatever the approval
 * settings say); on approval it is appended to the policy's stream as the next version.
 */
import {
  businessDate,
  formatBusinessDate,
  LENDING_POLICY_STREAM_ID,
  LENDING_POLICY_STREAM_TYPE,
  type EventMetadata,
  type ProposeLendingPolicyRequest,
  type SentForApprovalResponse,
} from '@goldledger/contracts';
import type { FastifyRequest } from 'fastify';
import { defineApprovalExecutor } from '../approvals/approval-executors.js';
import { requireApproval, type ApprovalDeps } from '../approvals/approval-gate.js';
import { sessionOf } from '../identity/access.plugin.js';
import { handle, type CommandDeps } from '../platform/command-handler.js';
import { checkProposal, decideAdoption, type AdoptPolicy, type PolicyProposal } from './policy-proposal.js';
import { BUILT_IN_VERSION, evolvePolicyVersions, readPolicyVersions } from './policy-versions.js';

/** The request a checker sees: the version, its date, and the first few changes. */
function summaryOf(proposal: PolicyProposal, changes: readonly string[]): string {
  const shown = changes.slice(0, 4).join('; ');
  const more = changes.length > 4 ? `; and ${changes.length - 4} more changes` : '';
  return `Lending policy version ${proposal.basedOnVersion + 1}, in effect from ${formatBusinessDate(proposal.effectiveFrom)}: ${shown}${more}`;
}

/**
 * Checks the proposal now (a bad document or date is refused at once, nothing written) and
 * stores it for a second admin. Answers the 202 of every held command.
 */
export async function proposeLendingPolicy(
  deps: ApprovalDeps,
  request: FastifyRequest,
  body: ProposeLendingPolicyRequest,
): Promise<SentForApprovalResponse> {
  const versions = await readPolicyVersions(deps.store);
  const { proposal, changes } = checkProposal(body, versions, businessDate(deps.clock.now()));
  const session = sessionOf(request);
  const held = await requireApproval(deps, request, {
    action: 'change_lending_policy',
    rules: ['lending_policy'],
    summary: summaryOf(proposal, changes),
    amountPaise: null,
    subject: { loanUuid: null, loanId: null, customerName: null },
    command: { proposal, proposedBy: { id: session.userId, name: session.name } },
    reason: proposal.reason,
  });
  // `lending_policy` is a fixed rule: the gate holds it unless it runs as an approved request.
  if (!held) throw new Error('A lending policy change must be held for a second admin');
  return held;
}

/** Appends the next version (expected version on the stream: a concurrent adoption re-decides). */
export function adoptLendingPolicy(deps: CommandDeps, command: AdoptPolicy, metadata: EventMetadata = {}) {
  return handle(
    deps.store,
    LENDING_POLICY_STREAM_ID,
    ({ state }) => decideAdoption(command, state).map((e) => ({ ...e, occurredAt: deps.clock.now() })),
    {
      streamType: LENDING_POLICY_STREAM_TYPE,
      initialState: () => [BUILT_IN_VERSION],
      evolve: evolvePolicyVersions,
      metadata,
    },
  );
}

/** Installs the executor that adopts an approved proposal (once, when the routes are registered). */
export function defineLendingPolicyExecutor(): void {
  defineApprovalExecutor('change_lending_policy', async (deps, stored, run) => {
    const { proposal, proposedBy } = stored as unknown as {
      proposal: PolicyProposal;
      proposedBy: { id: string; name: string };
    };
    const { state } = await adoptLendingPolicy(
      deps,
      { proposal, proposedBy, approvalId: run.approvalId, today: businessDate(deps.clock.now()) },
      run.metadata,
    );
    const adopted = state.find((v) => v.approvalId === run.approvalId)!;
    return {
      message: `Lending policy version ${adopted.version} adopted, in effect from ${formatBusinessDate(adopted.effectiveFrom)}.`,
      loanUuid: null,
      loanId: null,
    };
  });
}
