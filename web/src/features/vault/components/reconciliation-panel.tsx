import type { Reconciliation } from '@goldledger/contracts';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { LOAN_STATUS_TEXT, PACKET_STATUS_TEXT } from '../vault-view';
import styles from './vault.module.css';

/**
 * The loan book against the vault. When they agree, one line says so; otherwise every
 * mismatch is listed, highlighted, under what kind of mismatch it is.
 */
export function ReconciliationPanel({ reconciliation: r }: { reconciliation: Reconciliation }) {
  if (r.reconciled) {
    return (
      <Alert tone="success" title="The vault agrees with the loan book">
        {r.openLoans} open {r.openLoans === 1 ? 'loan has its' : 'loans have their'} gold in this branch’s
        custody ({r.matchedPackets} {r.matchedPackets === 1 ? 'packet' : 'packets'}).
      </Alert>
    );
  }
  return (
    <Card
      title="Reconciliation with the loan book"
      description={`${r.mismatches} ${r.mismatches === 1 ? 'mismatch' : 'mismatches'}: ${r.matchedLoans} of ${r.openLoans} open loans have a packet here.`}
      id="reconciliation"
      className={styles.anchor}
      data-testid="reconciliation"
    >
      <div className={styles.page}>
        <Alert tone="warning" title="The vault and the loan book disagree">
          Each row below needs an explanation: a packet that was never sealed or stored, gold held for a loan
          that is no longer open, or a packet kept at another branch.
        </Alert>
        {r.openLoansWithoutPacket.length > 0 && (
          <Table
            caption={`Open loans without a packet in this vault (${r.openLoansWithoutPacket.length})`}
            maxHeight="50vh"
          >
            <thead>
              <tr>
                <Th>Loan</Th>
                <Th>Customer</Th>
                <Th>Its packets</Th>
              </tr>
            </thead>
            <tbody>
              {r.openLoansWithoutPacket.map((l) => (
                <Tr key={l.loanUuid} className={styles.mismatch} data-loan={l.loanId}>
                  <Td className={styles.nowrap}>{l.loanId}</Td>
                  <Td>{l.customerName ?? '—'}</Td>
                  <Td>
                    {l.packets.length === 0
                      ? 'None sealed'
                      : l.packets.map((p) => `${p.packetNumber}: ${PACKET_STATUS_TEXT[p.status]}`).join('; ')}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
        {r.packetsOfLoansNotOpen.length > 0 && (
          <Table
            caption={`Packets held for loans that are not open (${r.packetsOfLoansNotOpen.length})`}
            maxHeight="50vh"
          >
            <thead>
              <tr>
                <Th>Packet</Th>
                <Th>Loan</Th>
                <Th>Loan status</Th>
              </tr>
            </thead>
            <tbody>
              {r.packetsOfLoansNotOpen.map((p) => (
                <Tr key={p.packetNumber} className={styles.mismatch} data-packet={p.packetNumber}>
                  <Td className={styles.nowrap}>{p.packetNumber}</Td>
                  <Td className={styles.nowrap}>{p.loanId}</Td>
                  <Td>{LOAN_STATUS_TEXT[p.loanStatus]}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
        {r.packetsOfOtherBranchLoans.length > 0 && (
          <Table
            caption={`Packets held for another branch’s loans (${r.packetsOfOtherBranchLoans.length})`}
            maxHeight="50vh"
          >
            <thead>
              <tr>
                <Th>Packet</Th>
                <Th>Loan</Th>
              </tr>
            </thead>
            <tbody>
              {r.packetsOfOtherBranchLoans.map((p) => (
                <Tr key={p.packetNumber} className={styles.mismatch} data-packet={p.packetNumber}>
                  <Td className={styles.nowrap}>{p.packetNumber}</Td>
                  <Td className={styles.nowrap}>{p.loanId}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </Card>
  );
}
