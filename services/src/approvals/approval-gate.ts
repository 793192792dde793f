/**
 * The maker-checker gate, for any slice: a route that is about to run a command asks
 * `requireApproval` first. Null: go ahead. Otherwise the command was stored as a request
 * for a checker and the route answers 202 with what this returns; nothing else is written.
 *
 *   const held = await requireApproval(deps, request, { action: 'release', … });
 *   if (held) return reply.status(202).send(held);
 *
 * The command stored must carry everything its executor (`defineApprovalExecutor`) needs to
 * run it later exactly as asked: ids made up now (a payment's), dates defaulted to today.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import {
  APPROVAL_STREAM_TYPE,
  approvalStreamId,
  businessDate,
  type ApprovalAction,
  type ApprovalEvent,
  type EventMetadata,
  type HoldingRule,
  type SentForApprovalResponse,
} from '@goldledger/contracts';
import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../identity/access.plugin.js';
import { handle } from '../platform/command-handler.js';
import { metadataOf } from '../platform/http/metadata.js';
import {
  enterIdempotentRequest,
  requestScopedUuid,
  withRequestScope,
} from '../platform/request-idempotency.js';
import { decideApproval, type ApprovalCommand } from './approval.decider.js';
import { evolveApproval, initialApprovalState, type ApprovalState } from './approval.state.js';
import { heldBy, loadApprovalPolicy, type PolicyDeps } from './approval-policy.js';

export type ApprovalDeps = PolicyDeps;

export interface ApprovalAsk {
  action: ApprovalAction;
  /**
   * The policy rules this command falls under (the gate keeps those the policy has on;
   * `large_loan` only above the threshold). Default: the action itself (`release`).
   */
  rules?: readonly HoldingRule[];
  /** Who asks for what, in a sentence (amounts in whole rupees). */
  summary: string;
  amountPaise: number | null;
  subject: { loanUuid: string | null; loanId: string | null; customerName: string | null };
  /** Plain JSON: what the action's executor runs on approval. */
  command: Record<string, unknown>;
  /** The maker's reason, when the command carries one. */
  reason?: string | null;
}

/** The policy rules that hold this command for a checker; empty: it needs none (or runs as an approved one). */
export async function rulesInForce(
  deps: ApprovalDeps,
  candidates: readonly HoldingRule[],
  amountPaise: number | null,
): Promise<HoldingRule[]> {
  if (candidates.length === 0 || carryingOut.getStore()) return [];
  const { policy } = await loadApprovalPolicy(deps);
  return heldBy(policy, candidates, amountPaise);
}

/** Null: go ahead. Otherwise the request is stored, and this is the route's 202 answer. */
export async function requireApproval(
  deps: ApprovalDeps,
  request: FastifyRequest,
  ask: ApprovalAsk,
): Promise<SentForApprovalResponse | null> {
  const candidates = ask.rules ?? [ask.action as HoldingRule];
  const rules = await rulesInForce(deps, candidates, ask.amountPaise);
  if (rules.length === 0) return null;
  const session = sessionOf(request);
  // The same id when the same request (Idempotency-Key) runs again: one request, not two.
  const approvalId = requestScopedUuid('approval');
  await executeApprovalCommand(
    deps,
    approvalId,
    {
      type: 'RequestApproval',
      request: {
        approvalId,
        action: ask.action,
        rules,
        summary: ask.summary,
        amountPaise: ask.amountPaise,
        subject: ask.subject,
        // A JSON round trip: what is stored is exactly what the executor will read.
        command: JSON.parse(JSON.stringify(ask.command)) as Record<string, unknown>,
        maker: { id: session.userId, name: session.name, role: session.role },
        reason: ask.reason?.trim() || null,
        requestedOn: businessDate(deps.clock.now()),
      },
    },
    metadataOf(request),
  );
  return { message: 'Sent for approval', approvalId };
}

/** Load, decide, append on one request's stream. */
export function executeApprovalCommand(
  { store, clock }: ApprovalDeps,
  approvalId: string,
  command: ApprovalCommand,
  metadata: EventMetadata = {},
) {
  return handle<ApprovalState>(
    store,
    approvalStreamId(approvalId),
    ({ state }) => decideApproval(command, state).map((e) => ({ ...e, occurredAt: clock.now() })),
    {
      streamType: APPROVAL_STREAM_TYPE,
      initialState: initialApprovalState,
      evolve: (s, e) => evolveApproval(s, e as ApprovalEvent),
      metadata,
    },
  );
}

const carryingOut = new AsyncLocalStorage<string>();

/**
 * Runs an approved request's command as one idempotent request of its own, named by the
 * approval: every append it makes carries a key derived from the approval id, and ids it
 * makes up (`requestScopedUuid`) are the same on every run. So when approving is retried
 * after a crash between the command and its outcome, the command's events are found, not
 * written again. The gate lets anything inside through.
 */
export function runAsApproval<T>(approvalId: string, work: () => Promise<T>): Promise<T> {
  return withRequestScope(() => {
    enterIdempotentRequest(createHash('sha256').update(`approval:${approvalId}`).digest('hex'));
    return carryingOut.run(approvalId, work);
  });
}
