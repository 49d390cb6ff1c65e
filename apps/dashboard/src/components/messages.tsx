import type { ComponentChildren } from 'preact';
import { describeError, type ErrorMessage } from '../format/error-message.js';
import type { Resource } from '../hooks/use-resource.js';

/** An error box, read out at once by screen readers (`role="alert"`). */
export function ErrorAlert({ error }: { error: ErrorMessage | null }) {
  if (error === null) return null;
  return (
    <div class="alert alert-error" role="alert">
      <p>{error.title}</p>
      {error.details.length > 0 && (
        <ul>
          {error.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A polite status line (`role="status"`), e.g. "Copied". */
export function StatusLine({ children }: { children: ComponentChildren }) {
  return (
    <p class="status" role="status">
      {children}
    </p>
  );
}

/**
 * Renders a resource: a loading line, its error, or `children(data)`.
 *
 * @param label - what is loading, for the loading line (`requests`)
 */
export function ResourceView<T>({ resource, label, children }: { resource: Resource<T>; label: string; children: (data: T) => ComponentChildren }) {
  if (resource.status === 'loading') return <p class="loading">Loading {label}…</p>;
  if (resource.status === 'error') return <ErrorAlert error={describeError(resource.error)} />;
  return <>{children(resource.data)}</>;
}
