import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec sections 4 and 9: starts low, advances randomly (2 to 15 points) every 800 ms, capped at 82 % until the load ends, then 100 % and gone after 300 ms. */
export const LOADING_STEP_MS = 800;
export const LOADING_CAP = 82;
export const LOADING_FINISH_MS = 300;

/** The slim loading bar at the top of the window, following the router's pending state. */
export function LoadingBar() {
  const { t } = useTranslation('layout');
  const loading = useRouterState({ select: (s) => s.status === 'pending' || s.isLoading });
  const [progress, setProgress] = useState(0);
  const [visible, setVisible] = useState(false);
  const wasLoading = useRef(false);

  useEffect(() => {
    if (loading) {
      wasLoading.current = true;
      const start = window.setTimeout(() => {
        setVisible(true);
        // A load that resumes (pending → loading) keeps the progress already shown.
        setProgress((p) => (p > 0 && p < 100 ? p : 5 + Math.random() * 10));
      }, 0);
      const step = window.setInterval(() => setProgress((p) => Math.min(LOADING_CAP, p + 2 + Math.random() * 13)), LOADING_STEP_MS);
      return () => {
        window.clearTimeout(start);
        window.clearInterval(step);
      };
    }
    if (!wasLoading.current) return;
    wasLoading.current = false;
    const finish = window.setTimeout(() => setProgress(100), 0);
    const reset = window.setTimeout(() => {
      setVisible(false);
      setProgress(0);
    }, LOADING_FINISH_MS);
    return () => {
      window.clearTimeout(finish);
      window.clearTimeout(reset);
    };
  }, [loading]);

  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t('loading')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(progress)}
      data-testid="loading-bar"
      className="no-print pointer-events-none fixed inset-x-0 top-0 z-[100] h-0.5"
    >
      <div className="h-full bg-primary shadow-[0_0_8px_var(--ev-primary)] transition-[width] duration-300 ease-out" style={{ width: `${progress}%` }} />
    </div>
  );
}
