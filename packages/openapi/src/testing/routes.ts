/**
 * The routes an express 5 app answers, read from its router stack: every `route` layer with its path(s) and methods,
 * through routers mounted at "/". Routers mounted under a prefix are reported as opaque mounts, so a test can insist
 * there are none it does not know about.
 */
import type { Express } from "express";

/** A route of the app. */
export interface AppRoute {
  path: string;
  /** Lower-case methods, or ["_all"] for `router.all`. */
  methods: string[];
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  slash?: boolean;
  name?: string;
}

/** Routes and prefix-mounted routers of `app`. */
export function appRoutes(app: Express): { routes: AppRoute[]; prefixedRouters: number } {
  const routes: AppRoute[] = [];
  let prefixedRouters = 0;
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const methods = Object.entries(layer.route.methods)
          .filter(([, on]) => on)
          .map(([m]) => m);
        for (const path of Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path])
          routes.push({ path, methods });
      } else if (layer.handle?.stack) {
        if (layer.slash) walk(layer.handle.stack);
        else prefixedRouters++;
      }
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  walk(router.stack);
  return { routes, prefixedRouters };
}

/** `/broadcast/{jobId}` → `/broadcast/:jobId`. */
export const expressPath = (openapiPath: string) => openapiPath.replace(/\{([^}]+)\}/g, ":$1");
