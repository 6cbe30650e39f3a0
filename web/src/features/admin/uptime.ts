type T = (key: string, options: { count: number }) => string;

/** An uptime in days, hours and minutes ("3 dias 4 h 12 min", hours shown once there are days); under a minute, its seconds. */
export function formatUptime(seconds: number, t: T): string {
  if (seconds < 60) return t('servers.uptime.seconds', { count: Math.max(0, Math.floor(seconds)) });
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days && t('servers.uptime.days', { count: days }), (days || hours) && t('servers.uptime.hours', { count: hours }), t('servers.uptime.minutes', { count: minutes })].filter(Boolean).join(' ');
}
