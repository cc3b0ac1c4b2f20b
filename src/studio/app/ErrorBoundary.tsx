/**
 * Catches render errors of a subtree and shows them in place, so a spec that makes one view fail
 * (a board with an odd piece, a diagram with an odd graph) leaves the rest of the studio usable.
 * `resetKey` lets the parent retry rendering when its input changes (e.g. a new compile).
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n/index.ts';

interface Props {
  where: string;
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // A new input deserves a new try: clear the error when the reset key changes.
    return props.resetKey !== state.key ? { error: null, key: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`houserules: ${this.props.where} failed to render`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div className="render-error" role="alert">
        <strong>{t('error.couldNotShow', { where: this.props.where })}</strong>
        <pre>{error.message}</pre>
        <button type="button" onClick={() => this.setState({ error: null })}>
          {t('error.tryAgain')}
        </button>
      </div>
    );
  }
}
