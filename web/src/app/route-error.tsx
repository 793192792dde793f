import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { DocumentTitle } from '@/components/ui/page-header';
import { ErrorState } from '@/components/ui/states';

interface Props {
  /** A new value (the path) clears the error: moving to another page tries again. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  key: string;
}

/**
 * A page that failed to load or render: most often a new release replaced the
 * chunk it asked for, which a reload fixes. The rest of the app keeps working.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="container">
        <DocumentTitle title="Something went wrong" />
        <ErrorState
          message="This page could not be shown. Reloading usually fixes it."
          onRetry={() => window.location.reload()}
          retryLabel="Reload"
        />
      </div>
    );
  }
}

/** Catches a page's failure where it is, keeping the layout around it; a navigation clears it. */
export function PageBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <RouteErrorBoundary resetKey={pathname}>{children}</RouteErrorBoundary>;
}
