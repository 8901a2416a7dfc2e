import { createContext, RouterContextProvider } from "react-router";

/**
 * The Content-Security-Policy nonce of one response (server/app.ts makes one per request):
 * app/entry.server.tsx puts it on the page's inline scripts. No default: a render without one
 * is a bug, and `context.get` throws.
 */
export const cspNonceContext = createContext<string>();

/**
 * The `context` React Router gives a request's middleware, loaders, actions and its document
 * render (`getLoadContext`). React Router 8 takes only a RouterContextProvider, each value under
 * a typed key made by `createContext`.
 */
export function createLoadContext(cspNonce: string): RouterContextProvider {
  return new RouterContextProvider(new Map([[cspNonceContext, cspNonce]]));
}
