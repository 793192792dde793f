import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { cx } from '@/lib/class-names';
import styles from './toast.module.css';

export type ToastTone = 'info' | 'success' | 'error';

/** One thing to do about the note, e.g. "Print receipt" after a payment. */
export interface ToastAction {
  label: string;
  onClick(): void;
}

interface Toast {
  id: number;
  tone: ToastTone;
  message: ReactNode;
  action?: ToastAction | undefined;
}

interface ToastApi {
  /**
   * A short note that goes away by itself (5 s; 15 s when it offers an action), e.g.
   * 'Gold rate updated successfully!'.
   */
  show(message: ReactNode, tone?: ToastTone, action?: ToastAction): void;
}

const ToastContext = createContext<ToastApi | null>(null);

const SHOWN_FOR_MS = 5_000;
const WITH_ACTION_SHOWN_FOR_MS = 15_000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (message: ReactNode, tone: ToastTone = 'info', action?: ToastAction) => {
      const id = nextId.current++;
      setToasts((all) => [...all.slice(-3), { id, tone, message, action }]);
      setTimeout(() => dismiss(id), action ? WITH_ACTION_SHOWN_FOR_MS : SHOWN_FOR_MS);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext value={api}>
      {children}
      <div className={styles.region} role="status" aria-live="polite">
        {toasts.map((t) => (
          <div key={t.id} className={cx(styles.toast, t.tone !== 'info' && styles[t.tone])}>
            <p className={styles.message}>{t.message}</p>
            {t.action && (
              <button
                type="button"
                className={styles.action}
                onClick={() => {
                  t.action!.onClick();
                  dismiss(t.id);
                }}
              >
                {t.action.label}
              </button>
            )}
            <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => dismiss(t.id)}>
              ×
            </button>
          </div>
        ))}
      </div>
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const context = use(ToastContext);
  if (!context) throw new Error('useToast must be used within a ToastProvider');
  return context;
}
