import styles from './add-loan.module.css';

/** One line as text; several as bullets. */
export function ErrorList({ lines }: { lines: readonly string[] }) {
  if (lines.length === 1) return <>{lines[0]}</>;
  return (
    <ul className={styles.errorList}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
