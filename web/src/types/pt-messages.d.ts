/** The Portuguese `messages` namespace, made from the shared texts when the app is built (vite.config.ts). */
declare module 'virtual:pt-messages' {
  const messages: Record<string, unknown>;
  export default messages;
}
