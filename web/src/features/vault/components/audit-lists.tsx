import type { VaultAuditView } from '@goldledger/contracts';
import { Table, Td, Th, Tr } from '@/components/ui/table';
import { PACKET_STATUS_TEXT, formatVaultGrams } from '../vault-view';
import styles from './vault.module.css';

const weighed = (g: number | null) => (g === null ? '—' : formatVaultGrams(g));

/** An audit's lists: still to find (missing once completed), extra, weight differences, found. */
export function AuditLists({ audit }: { audit: VaultAuditView }) {
  const inProgress = audit.status === 'in_progress';
  const byNumber = new Map(audit.expected.map((p) => [p.packetNumber, p]));
  const missing = audit.result.missing.map((n) => byNumber.get(n)!);
  const found = audit.expected.filter((p) => p.found);
  return (
    <div className={styles.lists}>
      <section className={styles.list} aria-labelledby="audit-missing">
        <h3 id="audit-missing">
          {inProgress ? 'Still to find' : 'Missing'} ({missing.length})
        </h3>
        {missing.length === 0 ? (
          <p className={styles.hint}>Every expected packet has been found.</p>
        ) : (
          <Table
            caption={inProgress ? 'Expected packets not yet scanned' : 'Expected packets not found'}
            hideCaption
          >
            <thead>
              <tr>
                <Th>Packet</Th>
                <Th>Loan</Th>
                <Th>Recorded place</Th>
                <Th numeric>Sealed</Th>
              </tr>
            </thead>
            <tbody>
              {missing.map((p) => (
                <Tr
                  key={p.packetNumber}
                  data-missing={p.packetNumber}
                  className={inProgress ? undefined : styles.mismatch}
                >
                  <Td className={styles.nowrap}>{p.packetNumber}</Td>
                  <Td className={styles.nowrap}>{p.loanId}</Td>
                  <Td>
                    {PACKET_STATUS_TEXT[p.status]}
                    {p.location && ` · ${p.location.safe} / ${p.location.slot}`}
                  </Td>
                  <Td numeric>{formatVaultGrams(p.sealedGrossWeight)}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      <section className={styles.list} aria-labelledby="audit-extra">
        <h3 id="audit-extra">Extra ({audit.result.extra.length})</h3>
        {audit.result.extra.length === 0 ? (
          <p className={styles.hint}>Nothing scanned that was not expected.</p>
        ) : (
          <Table caption="Scanned packets that were not expected" hideCaption>
            <thead>
              <tr>
                <Th>Packet</Th>
                <Th>What the books say</Th>
                <Th numeric>Weighed</Th>
              </tr>
            </thead>
            <tbody>
              {audit.result.extra.map((e) => (
                <Tr key={e.packetNumber} data-extra={e.packetNumber} className={styles.mismatch}>
                  <Td className={styles.nowrap}>{e.packetNumber}</Td>
                  <Td>
                    {e.identified
                      ? `Loan ${e.identified.loanId}: ${PACKET_STATUS_TEXT[e.identified.status]}`
                      : 'No packet of this number'}
                  </Td>
                  <Td numeric>{weighed(e.weighedGrossWeight)}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      <section className={styles.list} aria-labelledby="audit-weight">
        <h3 id="audit-weight">Weight differences ({audit.result.weightDifferences.length})</h3>
        {audit.result.weightDifferences.length === 0 ? (
          <p className={styles.hint}>
            No weighing differs from its sealed weight by more than {formatVaultGrams(audit.toleranceGrams)}.
          </p>
        ) : (
          <Table caption="Packets whose weight differs from the sealed weight" hideCaption>
            <thead>
              <tr>
                <Th>Packet</Th>
                <Th numeric>Sealed</Th>
                <Th numeric>Weighed</Th>
                <Th numeric>Difference</Th>
              </tr>
            </thead>
            <tbody>
              {audit.result.weightDifferences.map((w) => (
                <Tr key={w.packetNumber} data-weight={w.packetNumber} className={styles.mismatch}>
                  <Td className={styles.nowrap}>{w.packetNumber}</Td>
                  <Td numeric>{formatVaultGrams(w.sealedGrossWeight)}</Td>
                  <Td numeric>{formatVaultGrams(w.weighedGrossWeight)}</Td>
                  <Td numeric>
                    {w.difference > 0 ? '+' : ''}
                    {formatVaultGrams(w.difference)}
                  </Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
      <section className={styles.list} aria-labelledby="audit-found">
        <h3 id="audit-found">Found ({found.length})</h3>
        {found.length === 0 ? (
          <p className={styles.hint}>No expected packet scanned yet.</p>
        ) : (
          <Table caption="Expected packets found" hideCaption>
            <thead>
              <tr>
                <Th>Packet</Th>
                <Th>Loan</Th>
                <Th numeric>Sealed</Th>
                <Th numeric>Weighed</Th>
              </tr>
            </thead>
            <tbody>
              {found.map((p) => (
                <Tr key={p.packetNumber} data-found={p.packetNumber}>
                  <Td className={styles.nowrap}>{p.packetNumber}</Td>
                  <Td className={styles.nowrap}>{p.loanId}</Td>
                  <Td numeric>{formatVaultGrams(p.sealedGrossWeight)}</Td>
                  <Td numeric>{weighed(p.weighedGrossWeight)}</Td>
                </Tr>
              ))}
            </tbody>
          </Table>
        )}
      </section>
    </div>
  );
}
