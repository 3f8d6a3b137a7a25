/**
 * The dashboard's JSON API as one table: each route's method, path, access, schemas and handler, listed by feature
 * (auth-routes.ts, account-routes.ts, notification-routes.ts, bot-routes.ts, version-routes.ts, schedule-routes.ts,
 * broadcast-routes.ts; the shape of a route is in route.ts).
 * router.ts serves the table and contract.ts documents it, so the OpenAPI document lists exactly what is served.
 * Handlers parse and shape only; every rule lives in the services (AuthService, AccountService, BotService,
 * VersionService, ScheduleService, BroadcastService, NotificationService), the same ones /apiv3 and the broadcast
 * routes call.
 *
 * @see docs/dashboard.md
 */
import { accountRoutes } from "./account-routes.js";
import { authRoutes } from "./auth-routes.js";
import { botRoutes } from "./bot-routes.js";
import { broadcastRoutes } from "./broadcast-routes.js";
import { scheduleRoutes } from "./schedule-routes.js";
import { notificationRoutes } from "./notification-routes.js";
import { versionRoutes } from "./version-routes.js";
import type { DashboardRoute } from "./route.js";

export type { Access, DashboardRoute, DashboardServices, RouteInput } from "./route.js";

/** Every route, in the order the document lists them. */
export const dashboardRoutes: DashboardRoute[] = [
  ...authRoutes,
  ...accountRoutes,
  ...notificationRoutes,
  ...botRoutes,
  ...versionRoutes,
  ...scheduleRoutes,
  ...broadcastRoutes,
];
