/**
 * GENERATED from the management OpenAPI document by services/management/scripts/generate-client.ts.
 * Do not edit: run `pnpm api:generate` after changing a route's schemas.
 */
export interface paths {
    "/apiv3/restartBot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Start the bot's saved code
         * @description Snapshots the saved code as the running code everywhere, clears a halt, and registers the Telegram webhook with a fresh secret when the bot has a token. A failed registration still answers 200 and says so in msg (the reply has no other field, as the spec says). With autoRollback, the new deploy is watched and goes back to the version that ran before if it fails to load, is halted, or fails most of its first calls; msg says until when (docs/versions.md#automatic-rollback).
         */
        get: operations["restartBotViaGet"];
        put?: never;
        /**
         * Start the bot's saved code
         * @description Snapshots the saved code as the running code everywhere, clears a halt, and registers the Telegram webhook with a fresh secret when the bot has a token. A failed registration still answers 200 and says so in msg (the reply has no other field, as the spec says). With autoRollback, the new deploy is watched and goes back to the version that ran before if it fails to load, is halted, or fails most of its first calls; msg says until when (docs/versions.md#automatic-rollback).
         */
        post: operations["restartBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/transferBot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Copy a bot and its code to another account
         * @description Copies code and name (not env vars, collections or recipients) into a new bot of the account with targetEmail, and seeds its collections from dbProps. A bad collection is reported and skipped; the rest of the transfer still succeeds. With run_now, a webhook registration that failed is said in msg. Each account may look up at most 10 target accounts a minute (429 with Retry-After beyond), so transfers cannot be used to test which e-mail addresses have accounts.
         */
        get: operations["transferBotViaGet"];
        put?: never;
        /**
         * Copy a bot and its code to another account
         * @description Copies code and name (not env vars, collections or recipients) into a new bot of the account with targetEmail, and seeds its collections from dbProps. A bad collection is reported and skipped; the rest of the transfer still succeeds. With run_now, a webhook registration that failed is said in msg. Each account may look up at most 10 target accounts a minute (429 with Retry-After beyond), so transfers cannot be used to test which e-mail addresses have accounts.
         */
        post: operations["transferBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/editBotCoreLogic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Overwrite the bot's code file
         * @description Saves the code only: the running code changes at the next restartBot. The code is kept as the bot's next version (listVersions), with message when given; the reply has no other field, as the spec says.
         */
        get: operations["editBotCoreLogicViaGet"];
        put?: never;
        /**
         * Overwrite the bot's code file
         * @description Saves the code only: the running code changes at the next restartBot. The code is kept as the bot's next version (listVersions), with message when given; the reply has no other field, as the spec says.
         */
        post: operations["editBotCoreLogic"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/getbotCode": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the bot's code file
         * @description The saved code (which may differ from the running code until the next restart).
         */
        get: operations["getbotCodeViaGet"];
        put?: never;
        /**
         * Read the bot's code file
         * @description The saved code (which may differ from the running code until the next restart).
         */
        post: operations["getbotCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/createBot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Create a bot
         * @description A new bot in status stopped. Restart it to run its code and register its webhook.
         */
        get: operations["createBotViaGet"];
        put?: never;
        /**
         * Create a bot
         * @description A new bot in status stopped. Restart it to run its code and register its webhook.
         */
        post: operations["createBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/listBots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's bots
         * @description Every bot of the account, oldest first.
         */
        get: operations["listBotsViaGet"];
        put?: never;
        /**
         * List the account's bots
         * @description Every bot of the account, oldest first.
         */
        post: operations["listBots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/getBot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Describe a bot
         * @description Status and times of one bot, the newest version of its code (savedVersion) and the version its last restart deployed (runningVersion).
         */
        get: operations["getBotViaGet"];
        put?: never;
        /**
         * Describe a bot
         * @description Status and times of one bot, the newest version of its code (savedVersion) and the version its last restart deployed (runningVersion).
         */
        post: operations["getBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/listVersions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the versions of the bot's code
         * @description Newest first, without the code: number, size, SHA-256, when, who (source) and message, and which one runs. Each bot keeps its newest BOT_VERSIONS_KEPT (100 by default) and the running one.
         */
        get: operations["listVersionsViaGet"];
        put?: never;
        /**
         * List the versions of the bot's code
         * @description Newest first, without the code: number, size, SHA-256, when, who (source) and message, and which one runs. Each bot keeps its newest BOT_VERSIONS_KEPT (100 by default) and the running one.
         */
        post: operations["listVersions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/getVersion": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read one version of the bot's code
         * @description The version with its code. A version the bot does not have (never made, or pruned): 404.
         */
        get: operations["getVersionViaGet"];
        put?: never;
        /**
         * Read one version of the bot's code
         * @description The version with its code. A version the bot does not have (never made, or pruned): 404.
         */
        post: operations["getVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/previewBot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Call a handler of a saved version without touching the running bot
         * @description Runs logic[path] of version in an isolate of its own on the gateway, with the bot's data, env and limits, whatever the bot's status; the running version and its isolate stay as they are. Answers what the custom webhook would have answered (status, headers, body). The bot's log shows the preview's lines, marked.
         */
        get: operations["previewBotViaGet"];
        put?: never;
        /**
         * Call a handler of a saved version without touching the running bot
         * @description Runs logic[path] of version in an isolate of its own on the gateway, with the bot's data, env and limits, whatever the bot's status; the running version and its isolate stay as they are. Answers what the custom webhook would have answered (status, headers, body). The bot's log shows the preview's lines, marked.
         */
        post: operations["previewBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/rollbackBot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Save an earlier version's code as a new version
         * @description Makes a new version (source rollback) holding the code of version; with restart: true, restarts the bot on it as restartBot does (a failed webhook registration still answers 200 and says so in msg). Without restart the running code stays until the next restart.
         */
        get: operations["rollbackBotViaGet"];
        put?: never;
        /**
         * Save an earlier version's code as a new version
         * @description Makes a new version (source rollback) holding the code of version; with restart: true, restarts the bot on it as restartBot does (a failed webhook registration still answers 200 and says so in msg). Without restart the running code stays until the next restart.
         */
        post: operations["rollbackBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/deleteBot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delete a bot
         * @description Stops it everywhere and deletes it with its collections, logs and broadcasts.
         */
        get: operations["deleteBotViaGet"];
        put?: never;
        /**
         * Delete a bot
         * @description Stops it everywhere and deletes it with its collections, logs and broadcasts.
         */
        post: operations["deleteBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/stopBot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Stop a bot
         * @description Status stopped: webhooks answer 403 until restartBot.
         */
        get: operations["stopBotViaGet"];
        put?: never;
        /**
         * Stop a bot
         * @description Status stopped: webhooks answer 403 until restartBot.
         */
        post: operations["stopBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/setBotToken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Set the bot's Telegram token
         * @description Stored encrypted. Restart the bot to register its webhook with the new token.
         */
        get: operations["setBotTokenViaGet"];
        put?: never;
        /**
         * Set the bot's Telegram token
         * @description Stored encrypted. Restart the bot to register its webhook with the new token.
         */
        post: operations["setBotToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/setBotEnv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Replace the bot's environment variables
         * @description Replaces the whole set (stored encrypted); bot code reads them as process.env.NAME.
         */
        get: operations["setBotEnvViaGet"];
        put?: never;
        /**
         * Replace the bot's environment variables
         * @description Replaces the whole set (stored encrypted); bot code reads them as process.env.NAME.
         */
        post: operations["setBotEnv"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/getBotLogs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the bot's log
         * @description Console output and handler errors of the bot, newest first.
         */
        get: operations["getBotLogsViaGet"];
        put?: never;
        /**
         * Read the bot's log
         * @description Console output and handler errors of the bot, newest first.
         */
        post: operations["getBotLogs"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/listSchedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the bot's scheduled runs
         * @description The bot's schedules (written by its code with scheduler.runAfter, runAt and cron), soonest first: one-off runs until they have run, cron schedules until cancelled (docs/bot-runtime.md#scheduled-runs).
         */
        get: operations["listSchedulesViaGet"];
        put?: never;
        /**
         * List the bot's scheduled runs
         * @description The bot's schedules (written by its code with scheduler.runAfter, runAt and cron), soonest first: one-off runs until they have run, cron schedules until cancelled (docs/bot-runtime.md#scheduled-runs).
         */
        post: operations["listSchedules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/cancelSchedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Cancel one of the bot's scheduled runs
         * @description Deletes the schedule of key, as scheduler.cancel(key) does in bot code. A run already under way finishes and records nothing.
         */
        get: operations["cancelScheduleViaGet"];
        put?: never;
        /**
         * Cancel one of the bot's scheduled runs
         * @description Deletes the schedule of key, as scheduler.cancel(key) does in bot code. A run already under way finishes and records nothing.
         */
        post: operations["cancelSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/runScheduleNow": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Run one of the bot's schedules now
         * @description Makes the schedule due now: a gateway runs it within a poll (200 ms) as it runs any due run, with retries. A cron schedule then goes on with its next match after now; a one-off run is done once it has run. When a gateway runs the schedule at this moment it is left alone and started is false.
         */
        get: operations["runScheduleNowViaGet"];
        put?: never;
        /**
         * Run one of the bot's schedules now
         * @description Makes the schedule due now: a gateway runs it within a poll (200 ms) as it runs any due run, with retries. A cron schedule then goes on with its next match after now; a one-off run is done once it has run. When a gateway runs the schedule at this moment it is left alone and started is false.
         */
        post: operations["runScheduleNow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/listScheduleRuns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the history of the bot's scheduled runs
         * @description The bot's last finished attempts of scheduled runs, newest first (the newest 1,000 per bot are kept): when each was due, started and finished, how it ended, its attempt and error.
         */
        get: operations["listScheduleRunsViaGet"];
        put?: never;
        /**
         * Read the history of the bot's scheduled runs
         * @description The bot's last finished attempts of scheduled runs, newest first (the newest 1,000 per bot are kept): when each was due, started and finished, how it ended, its attempt and error.
         */
        post: operations["listScheduleRuns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/getBotUsage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the bot's usage
         * @description One row per minute (kept 48 hours) or hour (kept 90 days) in which the bot had traffic, oldest first: requests, errors by kind, handler wall time p50 and p99, CPU, host calls, Bot API calls, egress, stored data and broadcast messages. Counted by every gateway replica and broadcast worker and written every USAGE_FLUSH_MS (10 s), so the current minute fills in as they flush.
         */
        get: operations["getBotUsageViaGet"];
        put?: never;
        /**
         * Read the bot's usage
         * @description One row per minute (kept 48 hours) or hour (kept 90 days) in which the bot had traffic, oldest first: requests, errors by kind, handler wall time p50 and p99, CPU, host calls, Bot API calls, egress, stored data and broadcast messages. Counted by every gateway replica and broadcast worker and written every USAGE_FLUSH_MS (10 s), so the current minute fills in as they flush.
         */
        post: operations["getBotUsage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/getAccountUsage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the account's plan and use
         * @description The account's plan and, for each of its quotas, the limit and the use now. Over a quota, the operation that would exceed it answers 403 (amounts) or 429 (rates) with code QUOTA_EXCEEDED.
         */
        get: operations["getAccountUsageViaGet"];
        put?: never;
        /**
         * Read the account's plan and use
         * @description The account's plan and, for each of its quotas, the limit and the use now. Over a quota, the operation that would exceed it answers 403 (amounts) or 429 (rates) with code QUOTA_EXCEEDED.
         */
        post: operations["getAccountUsage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/listNotificationChannels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's notification channels
         * @description Where the account is told when a bot needs its owner (docs/notifications.md): Telegram chats linked through the operator's notifier bot and signed HTTPS webhooks, newest first, each with its last delivery and its last failure (kept until a delivery succeeds again). Secrets are never shown again after adding.
         */
        get: operations["listNotificationChannelsViaGet"];
        put?: never;
        /**
         * List the account's notification channels
         * @description Where the account is told when a bot needs its owner (docs/notifications.md): Telegram chats linked through the operator's notifier bot and signed HTTPS webhooks, newest first, each with its last delivery and its last failure (kept until a delivery succeeds again). Secrets are never shown again after adding.
         */
        post: operations["listNotificationChannels"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/addNotificationChannel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Add a Telegram chat or a webhook to be told through
         * @description kind telegram: answers startLink, a one-time link to the operator's notifier bot (`https://t.me/<bot>?start=<token>`); the chat that opens it is linked (400 naming kind when the server has no notifier bot). kind webhook: url is an https:// URL whose host is not, and does not resolve to, a private, loopback or link-local address (400 naming url); answers secret, the channel's signing secret (`Botyard-Signature`), shown only here. At most 10 channels per account.
         */
        get: operations["addNotificationChannelViaGet"];
        put?: never;
        /**
         * Add a Telegram chat or a webhook to be told through
         * @description kind telegram: answers startLink, a one-time link to the operator's notifier bot (`https://t.me/<bot>?start=<token>`); the chat that opens it is linked (400 naming kind when the server has no notifier bot). kind webhook: url is an https:// URL whose host is not, and does not resolve to, a private, loopback or link-local address (400 naming url); answers secret, the channel's signing secret (`Botyard-Signature`), shown only here. At most 10 channels per account.
         */
        post: operations["addNotificationChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/removeNotificationChannel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Remove a notification channel
         * @description The channel gets nothing more; another account's channel is as absent as a missing one.
         */
        get: operations["removeNotificationChannelViaGet"];
        put?: never;
        /**
         * Remove a notification channel
         * @description The channel gets nothing more; another account's channel is as absent as a missing one.
         */
        post: operations["removeNotificationChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/testNotificationChannel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Send a test message on a channel now
         * @description Sends one test message (not throttled, not retried) and says whether it arrived; a failure is kept on the channel as any delivery's. A Telegram channel whose start link was not opened yet answers 400.
         */
        get: operations["testNotificationChannelViaGet"];
        put?: never;
        /**
         * Send a test message on a channel now
         * @description Sends one test message (not throttled, not retried) and says whether it arrived; a failure is kept on the channel as any delivery's. A Telegram channel whose start link was not opened yet answers 400.
         */
        post: operations["testNotificationChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/getNotificationRules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read which kinds of event the account is told about
         * @description bot_halted (with its reason), broadcast_finished, broadcast_failed, schedule_failed, schedule_missed (a run skipped because the bot was halted or stopped), quota_nearly_used (80 % of an amount quota of the plan). Every kind until changed.
         */
        get: operations["getNotificationRulesViaGet"];
        put?: never;
        /**
         * Read which kinds of event the account is told about
         * @description bot_halted (with its reason), broadcast_finished, broadcast_failed, schedule_failed, schedule_missed (a run skipped because the bot was halted or stopped), quota_nearly_used (80 % of an amount quota of the plan). Every kind until changed.
         */
        post: operations["getNotificationRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/apiv3/setNotificationRules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Choose which kinds of event the account is told about
         * @description Replaces the set; the next event of a kind left out is not sent. The test message always is.
         */
        get: operations["setNotificationRulesViaGet"];
        put?: never;
        /**
         * Choose which kinds of event the account is told about
         * @description Replaces the set; the next event of a kind left out is not sent. The test message always is.
         */
        post: operations["setNotificationRules"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/broadcast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a message to every user of the bot
         * @description One active broadcast per bot: a second one waits as queued and starts by itself. Validation happens after authentication, so an unauthenticated caller always gets 401.
         */
        post: operations["createBroadcast"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/broadcast/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read a job, with live counts while it runs */
        get: operations["getBroadcast"];
        put?: never;
        post?: never;
        /**
         * Cancel a queued or running job
         * @description Idempotent: cancelling a cancelled job answers the same 200. The sending loop stops within one send cycle; messages already sent stay sent. botId may also come as a query parameter.
         */
        delete: operations["cancelBroadcast"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{botId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's last 20 jobs, newest first */
        get: operations["listBroadcasts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in owner and the session's CSRF token */
        get: operations["dashboardSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create an account and sign in
         * @description Refused with 403 SIGNUP_CLOSED when the server runs with SIGNUP=closed (invites only); 429 RATE_LIMITED past 10 sign-ups an hour from one address, or while the server's password hashing is saturated.
         */
        post: operations["dashboardSignUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with e-mail and password
         * @description A new session id every time. Attempts are throttled per address and per address and e-mail (429 + Retry-After); past 5 failures of one e-mail, addresses that failed before wait a doubling delay.
         */
        post: operations["dashboardSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out (ends this session) */
        post: operations["dashboardSignOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password
         * @description Every other session of the account ends; this one gets a new id and CSRF token. A wrong current password counts as a failed sign-in (429 SIGN_IN_THROTTLED past the limit).
         */
        post: operations["dashboardChangePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/invite/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The e-mail an invite link is for */
        get: operations["dashboardInvite"];
        put?: never;
        /**
         * Set the password from an invite link and sign in
         * @description The link works once; every other session of the account ends. 429 RATE_LIMITED past 10 attempts in 15 minutes from one address.
         */
        post: operations["dashboardAcceptInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/api-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's API key (made on the first call, the same afterwards) */
        get: operations["dashboardApiKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's plan and its use against each quota (as /apiv3/getAccountUsage) */
        get: operations["dashboardAccountUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/api-key/regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the API key (the old one answers 401 at once) */
        post: operations["dashboardRegenerateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's notification channels, with each one's last failure, and its rules */
        get: operations["dashboardNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/notifications/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a Telegram chat (answers its one-time start link) or a webhook (answers its secret, once) */
        post: operations["dashboardAddNotificationChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/notifications/channels/{channelId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a notification channel (as /apiv3/removeNotificationChannel) */
        delete: operations["dashboardRemoveNotificationChannel"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/notifications/channels/{channelId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a test message on the channel now (as /apiv3/testNotificationChannel) */
        post: operations["dashboardTestNotificationChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/settings/notifications/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Choose which kinds of event the account is told about (as /apiv3/setNotificationRules) */
        put: operations["dashboardSetNotificationRules"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's bots with status */
        get: operations["dashboardListBots"];
        put?: never;
        /** Create a bot (stopped) */
        post: operations["dashboardCreateBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One bot: status, masked token, env names, whether saved code differs from running code */
        get: operations["dashboardGetBot"];
        put?: never;
        post?: never;
        /** Delete a bot with its collections, logs and broadcasts */
        delete: operations["dashboardDeleteBot"];
        options?: never;
        head?: never;
        /** Rename a bot */
        patch: operations["dashboardRenameBot"];
        trace?: never;
    };
    "/api/bots/{botId}/code": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The saved code */
        get: operations["dashboardGetCode"];
        /** Save the code (runs after restart), or save and restart */
        put: operations["dashboardSaveCode"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/restart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the saved code (clears a halt); with autoRollback, undo by itself if it fails */
        post: operations["dashboardRestartBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stop a bot */
        post: operations["dashboardStopBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Set the bot's Telegram token (write-only: it is never sent back) */
        put: operations["dashboardSetToken"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/env": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace the env vars (names in keep keep their saved value; values are never sent back) */
        put: operations["dashboardSetEnv"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's log, newest first */
        get: operations["dashboardLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/logs/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * New log lines as server-sent events
         * @description Each event is `data: {"at","level","message"}`; a comment line every 15 s keeps the stream open. 429 QUOTA_EXCEEDED when the account already has its plan's liveStreams (10 by default) open.
         */
        get: operations["dashboardLogStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/try": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Call the bot's custom webhook through the gateway and show the reply
         * @description 502 when the gateway does not answer within 10 s.
         */
        post: operations["dashboardTryWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/recipients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many users the bot has, by language */
        get: operations["dashboardRecipients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's usage per minute or hour (as /apiv3/getBotUsage) */
        get: operations["dashboardBotUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy the bot to another account (as /apiv3/transferBot), with the per-collection report
         * @description At most 10 target lookups a minute per account (429 RATE_LIMITED with Retry-After beyond).
         */
        post: operations["dashboardTransferBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The versions of the bot's code, newest first, without code (as /apiv3/listVersions) */
        get: operations["dashboardListVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/versions/{version}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One version with its code (as /apiv3/getVersion) */
        get: operations["dashboardGetVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/versions/{version}/rollback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a version's code as a new version, and restart on it when asked (as /apiv3/rollbackBot) */
        post: operations["dashboardRollback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's scheduled runs and its last 100 finished runs (as /apiv3/listSchedules and listScheduleRuns) */
        get: operations["dashboardSchedules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/schedules/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a scheduled run (as /apiv3/cancelSchedule) */
        post: operations["dashboardCancelSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/schedules/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a scheduled run due now (as /apiv3/runScheduleNow) */
        post: operations["dashboardRunScheduleNow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/broadcasts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The bot's last 20 broadcasts, newest first */
        get: operations["dashboardListBroadcasts"];
        put?: never;
        /** Queue a broadcast (the rules of POST /broadcast; 400 names the field) */
        post: operations["dashboardCreateBroadcast"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/broadcasts/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Cancel a queued or running broadcast */
        delete: operations["dashboardCancelBroadcast"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{botId}/broadcasts/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The last 20 broadcasts as server-sent events, whenever their counts change
         * @description Each event is `data: {"jobs":[…]}`, at most two a second. 429 QUOTA_EXCEEDED when the account already has its plan's liveStreams (10 by default) open.
         */
        get: operations["dashboardBroadcastStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Process is up */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Postgres and Redis answer and the service is not draining */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics */
        get: operations["metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document */
        get: operations["openapiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** API reference page (served from this server's own assets; works offline) */
        get: operations["docsPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Apiv3Error: {
            /** @enum {boolean} */
            ok: false;
            /** @description What went wrong, naming the field when a field is the cause. */
            msg: string;
            /** @description Equal to the HTTP status. */
            stat_code: number;
        };
        Apiv3QuotaError: components["schemas"]["Apiv3Error"] & {
            /** @enum {string} */
            code: "QUOTA_EXCEEDED";
            /** @description The quota of the account's plan (getAccountUsage lists them). */
            quota: string;
            /** @description The plan's number. */
            limit: number;
            /** @description The use now. */
            use: number;
        };
        /**
         * @example {
         *       "jobId": "Xy12Ab34Cd56Ef78Gh90Ij12",
         *       "status": "running",
         *       "total": 1200,
         *       "sent": 450,
         *       "failed": 3,
         *       "createdAt": "2026-11-23T12:00:00.000Z",
         *       "startedAt": "2026-11-23T12:00:01.000Z",
         *       "finishedAt": null
         *     }
         */
        BroadcastJob: {
            jobId: string;
            /** @enum {string} */
            status: "queued" | "running" | "completed" | "cancelled" | "failed";
            /** @description Recipients; fixed when the job starts. */
            total: number;
            sent: number;
            failed: number;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            startedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            finishedAt: string | null;
            /** @description Why the job failed (status failed only). */
            error?: string;
        };
        BroadcastError: {
            /** @enum {boolean} */
            ok: false;
            error: string;
        };
        DashboardError: {
            /** @enum {boolean} */
            ok: false;
            error: {
                /** @example UNAUTHENTICATED */
                code: string;
                /** @example Sign in first */
                message: string;
                /** @description The request field at fault (400 only). */
                field?: string;
            };
        };
        /**
         * @example {
         *       "users": {
         *         "inserted": 2
         *       },
         *       "bad_name": {
         *         "inserted": 0,
         *         "error": "invalid collection name 'bad_name'"
         *       }
         *     }
         */
        SeedReport: {
            [key: string]: {
                inserted: number;
                /** @description Why this collection was skipped (then inserted is 0). */
                error?: string;
            };
        };
        /**
         * @description stopped: new, or after stopBot. running: after restartBot. halted: hit its limits; restart clears it.
         * @enum {string}
         */
        BotStatus: "stopped" | "running" | "halted";
        /**
         * @example {
         *       "botId": "k3Jx9QmZ2pL0aVb7TnRe",
         *       "name": "Support bot",
         *       "status": "running"
         *     }
         */
        BotListEntry: {
            botId: string;
            name: string;
            status: components["schemas"]["BotStatus"];
        };
        Bot: {
            botId: string;
            name: string;
            status: components["schemas"]["BotStatus"];
            /**
             * @description Why the bot is halted (null unless it is); restartBot clears it.
             * @example null
             */
            haltReason: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            createdAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            codeUpdatedAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            startedAt: string | null;
            /**
             * @description The newest version of the code: what getbotCode reads (docs/versions.md).
             * @example 4
             */
            savedVersion: number;
            /**
             * @description The version the last restart deployed (null before the first restart).
             * @example 3
             */
            runningVersion: number | null;
        };
        /**
         * @description api: an API key (createBot, editBotCoreLogic). dashboard: a signed-in owner's Create or Save. transfer: the copy transferBot made. rollback: rollbackBot or the dashboard's History. automatic-rollback: a deploy that rolled itself back (message says why). migration: the code the bot had when versions began.
         * @enum {string}
         */
        VersionSource: "api" | "dashboard" | "transfer" | "rollback" | "automatic-rollback" | "migration";
        Version: {
            version: number;
            /** @description UTF-8 bytes of the code. */
            size: number;
            /** @description SHA-256 of the code's UTF-8 bytes, hex. */
            sha256: string;
            source: components["schemas"]["VersionSource"];
            /** @description The note saved with it, if any. */
            message: string | null;
            /** @description For a rollback: the version it restored. */
            restoredFrom: number | null;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            createdAt: string;
            /** @description The last restart deployed this version. */
            running: boolean;
        };
        VersionWithCode: components["schemas"]["Version"] & {
            code: string;
        };
        LogLine: {
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            at: string;
            /** @enum {string} */
            level: "log" | "info" | "warn" | "error";
            message: string;
        };
        ScheduleEntry: {
            key: string;
            /** @description The handler it runs: scheduled[name]. */
            name: string;
            /** @enum {string} */
            kind: "once" | "cron";
            /**
             * Format: date-time
             * @description The next run (or the one under way).
             * @example 2026-11-23T12:00:00.000Z
             */
            next: string;
            /**
             * @description Cron only: 5 or 6 fields.
             * @example 0 9 * * 1-5
             */
            expression?: string;
            /**
             * @description Cron only: IANA time zone.
             * @example Europe/Berlin
             */
            timezone?: string;
            /** @description Attempts of the next run so far (0 before the first). */
            attempt: number;
            /** @description A gateway runs it now. */
            running: boolean;
            /** @description Cron: how its last run ended (null before its first). */
            lastStatus: ("ok" | "failed" | "skipped") | null;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            lastRunAt: string | null;
        };
        ScheduleRunEntry: {
            key: string;
            name: string;
            /**
             * Format: date-time
             * @description When the run was due.
             * @example 2026-11-23T12:00:00.000Z
             */
            scheduledAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            startedAt: string;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            finishedAt: string;
            /**
             * @description ok: the handler ended; failed: its last attempt threw, timed out or had no handler; skipped: the bot was stopped or halted; retrying: this attempt failed and another follows.
             * @enum {string}
             */
            status: "ok" | "failed" | "skipped" | "retrying";
            attempt: number;
            error: string | null;
        };
        UsagePeriod: {
            /**
             * Format: date-time
             * @description Start of the period (UTC).
             * @example 2026-11-23T12:00:00.000Z
             */
            at: string;
            /** @description Webhook calls and Telegram updates of a running bot, refused ones included. */
            requests: number;
            /** @description The sum of errorsByKind. */
            errors: number;
            errorsByKind: {
                /** @description The handler threw, or its code does not compile. */
                handler: number;
                /** @description Ran past HANDLER_TIMEOUT_MS. */
                timeout: number;
                /** @description Went over BOT_MEMORY_MB. */
                memory: number;
                /** @description Refused by a limit: rate, concurrency, CPU budget or a quota (429). */
                refused: number;
            };
            /** @description Median handler wall time (ms), read from a histogram of fixed buckets: within its bucket's width. */
            wallTimeP50Ms: number | null;
            wallTimeP99Ms: number | null;
            /** @description CPU of the bot's isolate, its messages and its database time. */
            cpuMs: number;
            /** @description Calls bot code made to the host, by kind (db.operation, bot.telegram, axios, timers). */
            hostCalls: {
                db: number;
                telegram: number;
                http: number;
                sleep: number;
            };
            /** @description Bot API calls that got an answer from Telegram. */
            botApiCalls: number;
            /** @description axios request bodies sent plus response bodies received. */
            egressBytes: number;
            /** @description Documents the bot stored, sampled in the period. */
            storedDocuments: number | null;
            storedBytes: number | null;
            broadcastMessagesSent: number;
            broadcastMessagesFailed: number;
        };
        QuotaUse: {
            /** @enum {string} */
            quota: "bots" | "storedDocuments" | "storedBytes" | "broadcastsPerDay" | "liveStreams" | "pendingScheduledRuns" | "requestsPerSecond";
            limit: number;
            /** @description Use now; requestsPerSecond: the average of the last whole minute; liveStreams: the streams open on every replica. */
            use: number | null;
        };
        NotificationChannel: {
            id: string;
            /** @enum {string} */
            kind: "telegram" | "webhook";
            /** @description webhook: its URL; telegram: null. */
            url: string | null;
            /** @description telegram: whether a chat opened the start link (messages reach it only then); webhook: true. */
            linked: boolean;
            /**
             * Format: date-time
             * @description The last message that reached it.
             * @example 2026-11-23T12:00:00.000Z
             */
            lastDeliveredAt: string | null;
            /**
             * @description Why the last delivery failed (after its retries), until one succeeds again.
             * @example the webhook answered 500
             */
            lastError: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            lastErrorAt: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T12:00:00.000Z
             */
            createdAt: string;
        };
        /** @description The kinds of event the account is told about. */
        NotificationRules: ("bot_halted" | "broadcast_finished" | "broadcast_failed" | "schedule_failed" | "schedule_missed" | "quota_nearly_used")[];
        BroadcastQuotaError: components["schemas"]["BroadcastError"] & {
            /** @enum {string} */
            code: "QUOTA_EXCEEDED";
            /** @enum {string} */
            quota: "broadcastsPerDay";
            /** @description Broadcasts a day (UTC) of the account's plan. */
            limit: number;
            /** @description Broadcasts the account's bots were asked for today. */
            use: number;
        };
        UrlButton: {
            /** @description Button label; not blank. */
            text: string;
            /**
             * @description Starts with http:// or https://.
             * @example https://example.com
             */
            url: string;
        };
        /**
         * @example {
         *       "botId": "k3Jx9QmZ2pL0aVb7TnRe",
         *       "text": "Hello everyone"
         *     }
         */
        TextBroadcast: {
            /**
             * @description The bot whose token is in X-Bot-Token.
             * @example k3Jx9QmZ2pL0aVb7TnRe
             */
            botId: string;
            /** @description The message; not blank, at most 4096 characters. */
            text: string;
            media?: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            /** @description Extra parameters of the Bot API send call, merged last (after buttons). */
            extra?: {
                [key: string]: unknown;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /**
             * @description Default text.
             * @enum {string}
             */
            type?: "text";
        };
        /**
         * @example {
         *       "botId": "k3Jx9QmZ2pL0aVb7TnRe",
         *       "type": "photo",
         *       "media": "https://example.com/cat.jpg",
         *       "caption": "Cat"
         *     }
         */
        CaptionedMediaBroadcast: {
            /**
             * @description The bot whose token is in X-Bot-Token.
             * @example k3Jx9QmZ2pL0aVb7TnRe
             */
            botId: string;
            text?: string;
            /**
             * @description A file_id or a public URL; not blank.
             * @example https://example.com/cat.jpg
             */
            media: string;
            caption?: string;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            /** @description Extra parameters of the Bot API send call, merged last (after buttons). */
            extra?: {
                [key: string]: unknown;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "photo" | "video" | "audio" | "document" | "animation" | "voice";
        };
        /** @description No caption for these types. */
        MediaBroadcast: {
            /**
             * @description The bot whose token is in X-Bot-Token.
             * @example k3Jx9QmZ2pL0aVb7TnRe
             */
            botId: string;
            text?: string;
            /**
             * @description A file_id or a public URL; not blank.
             * @example https://example.com/cat.jpg
             */
            media: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            /** @description Extra parameters of the Bot API send call, merged last (after buttons). */
            extra?: {
                [key: string]: unknown;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "video_note" | "sticker";
        };
        LocationBroadcast: {
            /**
             * @description The bot whose token is in X-Bot-Token.
             * @example k3Jx9QmZ2pL0aVb7TnRe
             */
            botId: string;
            text?: string;
            media?: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            extra: {
                latitude: number;
                longitude: number;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "location";
        };
        ContactBroadcast: {
            /**
             * @description The bot whose token is in X-Bot-Token.
             * @example k3Jx9QmZ2pL0aVb7TnRe
             */
            botId: string;
            text?: string;
            media?: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            extra: {
                phone_number: string;
                first_name: string;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "contact";
        };
        PollBroadcast: {
            /**
             * @description The bot whose token is in X-Bot-Token.
             * @example k3Jx9QmZ2pL0aVb7TnRe
             */
            botId: string;
            text?: string;
            media?: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            extra: {
                question: string;
                options: string[];
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "poll";
        };
        /** @description type is one of text, photo, video, audio, document, animation, voice, video_note, sticker, location, contact, poll (default text). Strings anywhere in the body must not contain NUL (\u0000) or unpaired UTF-16 surrogates; the reply names the field. */
        BroadcastRequest: components["schemas"]["TextBroadcast"] | components["schemas"]["CaptionedMediaBroadcast"] | components["schemas"]["MediaBroadcast"] | components["schemas"]["LocationBroadcast"] | components["schemas"]["ContactBroadcast"] | components["schemas"]["PollBroadcast"];
        BroadcastJobConflict: {
            /** @enum {boolean} */
            ok: false;
            error: string;
            job: components["schemas"]["BroadcastJob"];
        };
        DashboardSessionReply: {
            /** @enum {boolean} */
            ok: true;
            user: {
                email: string;
            };
            csrfToken: string;
        };
        DashboardSignUpReply: {
            /** @enum {boolean} */
            ok: true;
            user: {
                email: string;
            };
            csrfToken: string;
        };
        DashboardSignInReply: {
            /** @enum {boolean} */
            ok: true;
            user: {
                email: string;
            };
            csrfToken: string;
        };
        DashboardSignOutReply: {
            /** @enum {boolean} */
            ok: true;
        };
        DashboardChangePasswordReply: {
            /** @enum {boolean} */
            ok: true;
            csrfToken: string;
        };
        DashboardInviteReply: {
            /** @enum {boolean} */
            ok: true;
            email: string;
        };
        DashboardAcceptInviteReply: {
            /** @enum {boolean} */
            ok: true;
            user: {
                email: string;
            };
            csrfToken: string;
        };
        DashboardApiKeyReply: {
            /** @enum {boolean} */
            ok: true;
            apiKey: string;
        };
        DashboardAccountUsageReply: {
            /** @enum {boolean} */
            ok: true;
            plan: string;
            quotas: components["schemas"]["QuotaUse"][];
        };
        DashboardRegenerateApiKeyReply: {
            /** @enum {boolean} */
            ok: true;
            apiKey: string;
        };
        DashboardNotificationsReply: {
            /** @enum {boolean} */
            ok: true;
            channels: components["schemas"]["NotificationChannel"][];
            kinds: components["schemas"]["NotificationRules"];
            telegram: boolean;
        };
        DashboardAddNotificationChannelReply: {
            /** @enum {boolean} */
            ok: true;
            channel: components["schemas"]["NotificationChannel"];
            startLink?: string;
            secret?: string;
        };
        DashboardRemoveNotificationChannelReply: {
            /** @enum {boolean} */
            ok: true;
        };
        DashboardTestNotificationChannelReply: {
            /** @enum {boolean} */
            ok: true;
            delivered: boolean;
            error?: string;
        };
        DashboardSetNotificationRulesReply: {
            /** @enum {boolean} */
            ok: true;
            kinds: components["schemas"]["NotificationRules"];
        };
        DashboardListBotsReply: {
            /** @enum {boolean} */
            ok: true;
            bots: {
                botId: string;
                name: string;
                /** @enum {string} */
                status: "stopped" | "running" | "halted";
                haltReason: string | null;
            }[];
        };
        DashboardCreateBotReply: {
            /** @enum {boolean} */
            ok: true;
            botId: string;
        };
        DashboardGetBotReply: {
            /** @enum {boolean} */
            ok: true;
            bot: {
                botId: string;
                name: string;
                /** @enum {string} */
                status: "stopped" | "running" | "halted";
                haltReason: string | null;
                /** Format: date-time */
                createdAt: string;
                /** Format: date-time */
                codeUpdatedAt: string | null;
                /** Format: date-time */
                startedAt: string | null;
                savedVersion: number;
                runningVersion: number | null;
                token: {
                    set: boolean;
                    /** @example 123456:…wxyz */
                    masked: string | null;
                };
                envNames: string[];
                /** @description The saved code is not the code running since the last restart. */
                codeDiffers: boolean;
                webhook: {
                    customBase: string;
                    telegram: string;
                };
            };
        };
        DashboardRenameBotReply: {
            /** @enum {boolean} */
            ok: true;
        };
        DashboardDeleteBotReply: {
            /** @enum {boolean} */
            ok: true;
        };
        DashboardGetCodeReply: {
            /** @enum {boolean} */
            ok: true;
            code: string;
        };
        DashboardSaveCodeReply: {
            /** @enum {boolean} */
            ok: true;
            /** @description The version the save made. */
            version: number;
            restarted: boolean;
            /**
             * @description registered: setWebhook succeeded. none: the bot has no token. failed: see msg and the bot's log.
             * @enum {string}
             */
            webhook?: "registered" | "none" | "failed";
            /** @description Asked with autoRollback: the watch; null when no earlier version ran to return to. */
            autoRollback?: {
                /** @description When the watch ends (ISO 8601). */
                until: string;
                /** @description The version a rollback returns to. */
                to: number;
            } | null;
        };
        DashboardRestartBotReply: {
            /** @enum {boolean} */
            ok: true;
            /**
             * @description registered: setWebhook succeeded. none: the bot has no token. failed: see msg and the bot's log.
             * @enum {string}
             */
            webhook: "registered" | "none" | "failed";
            /** @description Asked with autoRollback: the watch; null when no earlier version ran to return to. */
            autoRollback?: {
                /** @description When the watch ends (ISO 8601). */
                until: string;
                /** @description The version a rollback returns to. */
                to: number;
            } | null;
        };
        DashboardStopBotReply: {
            /** @enum {boolean} */
            ok: true;
        };
        DashboardSetTokenReply: {
            /** @enum {boolean} */
            ok: true;
        };
        DashboardSetEnvReply: {
            /** @enum {boolean} */
            ok: true;
            envNames: string[];
        };
        DashboardLogsReply: {
            /** @enum {boolean} */
            ok: true;
            logs: components["schemas"]["LogLine"][];
        };
        DashboardTryWebhookReply: {
            /** @enum {boolean} */
            ok: true;
            status: number;
            headers: {
                [key: string]: string;
            };
            /** @description Parsed JSON when the reply is JSON, else its text. */
            body?: unknown;
        };
        DashboardRecipientsReply: {
            /** @enum {boolean} */
            ok: true;
            total: number;
            blocked: number;
            byLanguage: {
                lang: string | null;
                count: number;
            }[];
        };
        DashboardBotUsageReply: {
            /** @enum {boolean} */
            ok: true;
            usage: components["schemas"]["UsagePeriod"][];
        };
        DashboardTransferBotReply: {
            /** @enum {boolean} */
            ok: true;
            newBotId: string;
            dbProps: components["schemas"]["SeedReport"];
        };
        DashboardListVersionsReply: {
            /** @enum {boolean} */
            ok: true;
            savedVersion: number;
            runningVersion: number | null;
            versions: components["schemas"]["Version"][];
        };
        DashboardGetVersionReply: {
            /** @enum {boolean} */
            ok: true;
            version: components["schemas"]["VersionWithCode"];
        };
        DashboardRollbackReply: {
            /** @enum {boolean} */
            ok: true;
            version: number;
            restoredFrom: number;
            restarted: boolean;
            /**
             * @description registered: setWebhook succeeded. none: the bot has no token. failed: see msg and the bot's log.
             * @enum {string}
             */
            webhook?: "registered" | "none" | "failed";
        };
        DashboardSchedulesReply: {
            /** @enum {boolean} */
            ok: true;
            schedules: components["schemas"]["ScheduleEntry"][];
            runs: components["schemas"]["ScheduleRunEntry"][];
        };
        DashboardCancelScheduleReply: {
            /** @enum {boolean} */
            ok: true;
        };
        DashboardRunScheduleNowReply: {
            /** @enum {boolean} */
            ok: true;
            started: boolean;
        };
        DashboardListBroadcastsReply: {
            /** @enum {boolean} */
            ok: true;
            jobs: components["schemas"]["BroadcastJob"][];
        };
        DashboardCreateBroadcastReply: {
            /** @enum {boolean} */
            ok: true;
            jobId: string;
            /** @enum {string} */
            status: "queued";
        };
        /**
         * @example {
         *       "text": "Hello everyone"
         *     }
         */
        DashboardTextBroadcast: {
            /** @description The message; not blank, at most 4096 characters. */
            text: string;
            media?: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            /** @description Extra parameters of the Bot API send call, merged last (after buttons). */
            extra?: {
                [key: string]: unknown;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /**
             * @description Default text.
             * @enum {string}
             */
            type?: "text";
        };
        /**
         * @example {
         *       "type": "photo",
         *       "media": "https://example.com/cat.jpg",
         *       "caption": "Cat"
         *     }
         */
        DashboardCaptionedMediaBroadcast: {
            text?: string;
            /**
             * @description A file_id or a public URL; not blank.
             * @example https://example.com/cat.jpg
             */
            media: string;
            caption?: string;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            /** @description Extra parameters of the Bot API send call, merged last (after buttons). */
            extra?: {
                [key: string]: unknown;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "photo" | "video" | "audio" | "document" | "animation" | "voice";
        };
        /** @description No caption for these types. */
        DashboardMediaBroadcast: {
            text?: string;
            /**
             * @description A file_id or a public URL; not blank.
             * @example https://example.com/cat.jpg
             */
            media: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            /** @description Extra parameters of the Bot API send call, merged last (after buttons). */
            extra?: {
                [key: string]: unknown;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "video_note" | "sticker";
        };
        DashboardLocationBroadcast: {
            text?: string;
            media?: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            extra: {
                latitude: number;
                longitude: number;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "location";
        };
        DashboardContactBroadcast: {
            text?: string;
            media?: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            extra: {
                phone_number: string;
                first_name: string;
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "contact";
        };
        DashboardPollBroadcast: {
            text?: string;
            media?: string;
            /** @description Only photo, video, audio, document, animation and voice take a caption. */
            caption?: unknown;
            /** @enum {string} */
            parseMode?: "HTML" | "Markdown" | "MarkdownV2";
            /** @description At most 2 inline URL buttons, shown in one row below the message. */
            buttons?: components["schemas"]["UrlButton"][];
            extra: {
                question: string;
                options: string[];
            };
            filter?: {
                /**
                 * @description Only users with this language_code.
                 * @example en
                 */
                lang?: string;
            };
            /** @description Send with allow_paid_broadcast, at BROADCAST_PAID_RATE. */
            paid?: boolean;
            /** @enum {string} */
            type: "poll";
        };
        /** @description type is one of text, photo, video, audio, document, animation, voice, video_note, sticker, location, contact, poll (default text). Strings anywhere in the body must not contain NUL (\u0000) or unpaired UTF-16 surrogates; the reply names the field. */
        DashboardBroadcastRequest: components["schemas"]["DashboardTextBroadcast"] | components["schemas"]["DashboardCaptionedMediaBroadcast"] | components["schemas"]["DashboardMediaBroadcast"] | components["schemas"]["DashboardLocationBroadcast"] | components["schemas"]["DashboardContactBroadcast"] | components["schemas"]["DashboardPollBroadcast"];
        DashboardCancelBroadcastReply: {
            /** @enum {boolean} */
            ok: true;
            job: components["schemas"]["BroadcastJob"];
        };
        Health: {
            /** @enum {boolean} */
            ok: true;
        };
        Readiness: {
            ok: boolean;
            /** @description True once shutdown began: stop sending work here. */
            draining: boolean;
            /** @description Each dependency: true when it answers. */
            checks: {
                [key: string]: boolean;
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    restartBotViaGet: {
        parameters: {
            query: {
                botId: string;
                autoRollback?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot k3Jx9QmZ2pL0aVb7TnRe restarted",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    restartBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /** @description Watch the new deploy for BOT_AUTO_ROLLBACK_WINDOW_S (60 s) and go back to the version that ran before when it fails to load, is halted, or fails more than half of at least 20 calls (default false). */
                    autoRollback?: boolean;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot k3Jx9QmZ2pL0aVb7TnRe restarted",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    transferBotViaGet: {
        parameters: {
            query: {
                botId: string;
                targetEmail: string;
                newBotToken?: string;
                run_now?: boolean;
                /** @description Initial data: collection name → array of documents (JSON objects, each at most 256 KiB). A bad collection (name, value, document) is reported in the reply and skipped; the rest of the transfer goes on. On GET: JSON text of the object. */
                dbProps?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot transferred to friend@example.com",
                     *       "newBotId": "Pq8sT1uV2wX3yZ4aB5cD",
                     *       "dbProps": {},
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        newBotId: string;
                        dbProps: components["schemas"]["SeedReport"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Over the bots quota of the account's plan (code QUOTA_EXCEEDED). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Over the bots quota of this account's plan (limit 100, in use 100); ask the operator for a larger plan",
                     *       "code": "QUOTA_EXCEEDED",
                     *       "quota": "bots",
                     *       "limit": 100,
                     *       "use": 100,
                     *       "stat_code": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3QuotaError"];
                };
            };
            /** @description Bot not found, or Target account not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Too many transfers from this account; try again in 42 s: retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Too many transfers from this account; try again in 42 s",
                     *       "stat_code": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    transferBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * Format: email
                     * @description E-mail of the recipient account (trimmed; the account must exist).
                     * @example friend@example.com
                     */
                    targetEmail: string;
                    /**
                     * @description A Telegram bot token as BotFather gives it (`123456:ABC…`).
                     * @example 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw
                     */
                    newBotToken?: string;
                    /** @description Start the new bot at once. Requires newBotToken. */
                    run_now?: boolean;
                    /**
                     * @description Initial data: collection name → array of documents (JSON objects, each at most 256 KiB). A bad collection (name, value, document) is reported in the reply and skipped; the rest of the transfer goes on. On GET: JSON text of the object.
                     * @example {
                     *       "users": [
                     *         {
                     *           "_id": "u1",
                     *           "name": "Ann"
                     *         }
                     *       ],
                     *       "settings": [
                     *         {
                     *           "theme": "dark"
                     *         }
                     *       ]
                     *     }
                     */
                    dbProps?: {
                        [key: string]: Record<string, never>[];
                    };
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot transferred to friend@example.com",
                     *       "newBotId": "Pq8sT1uV2wX3yZ4aB5cD",
                     *       "dbProps": {},
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        newBotId: string;
                        dbProps: components["schemas"]["SeedReport"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Over the bots quota of the account's plan (code QUOTA_EXCEEDED). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Over the bots quota of this account's plan (limit 100, in use 100); ask the operator for a larger plan",
                     *       "code": "QUOTA_EXCEEDED",
                     *       "quota": "bots",
                     *       "limit": 100,
                     *       "use": 100,
                     *       "stat_code": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3QuotaError"];
                };
            };
            /** @description Bot not found, or Target account not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Too many transfers from this account; try again in 42 s: retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Too many transfers from this account; try again in 42 s",
                     *       "stat_code": 429
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    editBotCoreLogicViaGet: {
        parameters: {
            query: {
                botId: string;
                newCode: string;
                message?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Code saved; it takes effect at the next restart",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    editBotCoreLogic: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * @description The complete new code file (JavaScript). At most 1 MiB of UTF-8; may be empty.
                     * @example logic['hello'] = async (query) => ({ hi: query.name });
                     */
                    newCode: string;
                    /**
                     * @description A note kept with the version this save makes (listVersions and the dashboard's History show it).
                     * @example Greet in Spanish too
                     */
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Code saved; it takes effect at the next restart",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getbotCodeViaGet: {
        parameters: {
            query: {
                botId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot code",
                     *       "data": "logic['hello'] = async (query) => ({ hi: query.name });",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @description The code file. */
                        data: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getbotCode: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot code",
                     *       "data": "logic['hello'] = async (query) => ({ hi: query.name });",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @description The code file. */
                        data: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    createBotViaGet: {
        parameters: {
            query?: {
                name?: string;
                botToken?: string;
                code?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot created",
                     *       "botId": "k3Jx9QmZ2pL0aVb7TnRe",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        botId: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "name must be a string",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Over the bots quota of the account's plan (code QUOTA_EXCEEDED). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Over the bots quota of this account's plan (limit 100, in use 100); ask the operator for a larger plan",
                     *       "code": "QUOTA_EXCEEDED",
                     *       "quota": "bots",
                     *       "limit": 100,
                     *       "use": 100,
                     *       "stat_code": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3QuotaError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    createBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description A name for the owner's own use.
                     * @example Support bot
                     */
                    name?: string;
                    /**
                     * @description A Telegram bot token as BotFather gives it (`123456:ABC…`).
                     * @example 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw
                     */
                    botToken?: string;
                    /**
                     * @description The bot's code file (JavaScript); empty when absent. At most 1 MiB of UTF-8; may be empty.
                     * @example bot.start((ctx) => ctx.reply('Welcome!'));
                     */
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot created",
                     *       "botId": "k3Jx9QmZ2pL0aVb7TnRe",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        botId: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "name must be a string",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Over the bots quota of the account's plan (code QUOTA_EXCEEDED). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Over the bots quota of this account's plan (limit 100, in use 100); ask the operator for a larger plan",
                     *       "code": "QUOTA_EXCEEDED",
                     *       "quota": "bots",
                     *       "limit": 100,
                     *       "use": 100,
                     *       "stat_code": 403
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3QuotaError"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listBotsViaGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 bots",
                     *       "bots": [
                     *         {
                     *           "botId": "k3Jx9QmZ2pL0aVb7TnRe",
                     *           "name": "Support bot",
                     *           "status": "running"
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        bots: components["schemas"]["BotListEntry"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Malformed JSON body",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listBots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 bots",
                     *       "bots": [
                     *         {
                     *           "botId": "k3Jx9QmZ2pL0aVb7TnRe",
                     *           "name": "Support bot",
                     *           "status": "running"
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        bots: components["schemas"]["BotListEntry"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Malformed JSON body",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getBotViaGet: {
        parameters: {
            query: {
                botId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot",
                     *       "bot": {
                     *         "botId": "k3Jx9QmZ2pL0aVb7TnRe",
                     *         "name": "Support bot",
                     *         "status": "running",
                     *         "createdAt": "2026-11-20T09:00:00.000Z",
                     *         "codeUpdatedAt": "2026-11-21T10:30:00.000Z",
                     *         "startedAt": "2026-11-21T10:31:00.000Z",
                     *         "savedVersion": 4,
                     *         "runningVersion": 4
                     *       },
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        bot: components["schemas"]["Bot"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot",
                     *       "bot": {
                     *         "botId": "k3Jx9QmZ2pL0aVb7TnRe",
                     *         "name": "Support bot",
                     *         "status": "running",
                     *         "createdAt": "2026-11-20T09:00:00.000Z",
                     *         "codeUpdatedAt": "2026-11-21T10:30:00.000Z",
                     *         "startedAt": "2026-11-21T10:31:00.000Z",
                     *         "savedVersion": 4,
                     *         "runningVersion": 4
                     *       },
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        bot: components["schemas"]["Bot"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listVersionsViaGet: {
        parameters: {
            query: {
                botId: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 versions",
                     *       "savedVersion": 4,
                     *       "runningVersion": 4,
                     *       "versions": [
                     *         {
                     *           "version": 4,
                     *           "size": 57,
                     *           "sha256": "9f2b5c1d0e8a7f6b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b",
                     *           "source": "api",
                     *           "message": "Greet in Spanish too",
                     *           "restoredFrom": null,
                     *           "createdAt": "2026-11-21T10:30:00.000Z",
                     *           "running": true
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        savedVersion: number;
                        runningVersion: number | null;
                        versions: components["schemas"]["Version"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listVersions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /** @description How many versions, newest first (default 20, at most 1000). */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 versions",
                     *       "savedVersion": 4,
                     *       "runningVersion": 4,
                     *       "versions": [
                     *         {
                     *           "version": 4,
                     *           "size": 57,
                     *           "sha256": "9f2b5c1d0e8a7f6b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b",
                     *           "source": "api",
                     *           "message": "Greet in Spanish too",
                     *           "restoredFrom": null,
                     *           "createdAt": "2026-11-21T10:30:00.000Z",
                     *           "running": true
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        savedVersion: number;
                        runningVersion: number | null;
                        versions: components["schemas"]["Version"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getVersionViaGet: {
        parameters: {
            query: {
                botId: string;
                version: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Version 4",
                     *       "version": {
                     *         "version": 4,
                     *         "size": 57,
                     *         "sha256": "9f2b5c1d0e8a7f6b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b",
                     *         "source": "api",
                     *         "message": "Greet in Spanish too",
                     *         "restoredFrom": null,
                     *         "createdAt": "2026-11-21T10:30:00.000Z",
                     *         "running": false,
                     *         "code": "bot.start((ctx) => ctx.reply('Hola!'));"
                     *       },
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        version: components["schemas"]["VersionWithCode"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Version not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getVersion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * @description A version number, as listVersions gave it.
                     * @example 3
                     */
                    version: number;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Version 4",
                     *       "version": {
                     *         "version": 4,
                     *         "size": 57,
                     *         "sha256": "9f2b5c1d0e8a7f6b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b",
                     *         "source": "api",
                     *         "message": "Greet in Spanish too",
                     *         "restoredFrom": null,
                     *         "createdAt": "2026-11-21T10:30:00.000Z",
                     *         "running": false,
                     *         "code": "bot.start((ctx) => ctx.reply('Hola!'));"
                     *       },
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        version: components["schemas"]["VersionWithCode"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Version not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    previewBotViaGet: {
        parameters: {
            query: {
                botId: string;
                version: number;
                method?: string;
                path: string;
                /** @description The handler's query (string values). On GET: JSON text of the object. */
                query?: string;
                body?: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Version 3 answered 200",
                     *       "status": 200,
                     *       "headers": {
                     *         "content-type": "application/json; charset=utf-8"
                     *       },
                     *       "body": {
                     *         "ok": true,
                     *         "message": "Hello"
                     *       },
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @description The HTTP status the webhook would have answered. */
                        status: number;
                        headers: {
                            [key: string]: string;
                        };
                        /** @description Parsed JSON when the reply is JSON, else its text. */
                        body?: unknown;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Version not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The webhook gateway could not be reached (in time). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "The webhook gateway could not be reached",
                     *       "stat_code": 502
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    previewBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * @description A version number, as listVersions gave it.
                     * @example 3
                     */
                    version: number;
                    /**
                     * @description GET, POST, PUT, PATCH or DELETE (default POST).
                     * @example POST
                     */
                    method?: string;
                    /**
                     * @description The handler to call: a key of `logic` (1 to 100 letters, digits, _ and -).
                     * @example hello
                     */
                    path: string;
                    /** @description The handler's query (string values). On GET: JSON text of the object. */
                    query?: {
                        [key: string]: string;
                    };
                    /** @description The handler's JSON body (ignored for method GET). */
                    body?: unknown;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Version 3 answered 200",
                     *       "status": 200,
                     *       "headers": {
                     *         "content-type": "application/json; charset=utf-8"
                     *       },
                     *       "body": {
                     *         "ok": true,
                     *         "message": "Hello"
                     *       },
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @description The HTTP status the webhook would have answered. */
                        status: number;
                        headers: {
                            [key: string]: string;
                        };
                        /** @description Parsed JSON when the reply is JSON, else its text. */
                        body?: unknown;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Version not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The webhook gateway could not be reached (in time). */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "The webhook gateway could not be reached",
                     *       "stat_code": 502
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    rollbackBotViaGet: {
        parameters: {
            query: {
                botId: string;
                version: number;
                restart?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Version 2 restored as version 5; restarted",
                     *       "version": 5,
                     *       "restoredFrom": 2,
                     *       "restarted": true,
                     *       "webhook": "registered",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @description The new version. */
                        version: number;
                        restoredFrom: number;
                        restarted: boolean;
                        /**
                         * @description When restarted: the webhook registration.
                         * @enum {string}
                         */
                        webhook?: "registered" | "none" | "failed";
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Version not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    rollbackBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * @description A version number, as listVersions gave it.
                     * @example 3
                     */
                    version: number;
                    /** @description Restart the bot on the new version at once (default false). */
                    restart?: boolean;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Version 2 restored as version 5; restarted",
                     *       "version": 5,
                     *       "restoredFrom": 2,
                     *       "restarted": true,
                     *       "webhook": "registered",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @description The new version. */
                        version: number;
                        restoredFrom: number;
                        restarted: boolean;
                        /**
                         * @description When restarted: the webhook registration.
                         * @enum {string}
                         */
                        webhook?: "registered" | "none" | "failed";
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Version not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    deleteBotViaGet: {
        parameters: {
            query: {
                botId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot deleted",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    deleteBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot deleted",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    stopBotViaGet: {
        parameters: {
            query: {
                botId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot stopped",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    stopBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot stopped",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    setBotTokenViaGet: {
        parameters: {
            query: {
                botId: string;
                botToken: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot token saved; restart the bot to register its webhook",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    setBotToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * @description A Telegram bot token as BotFather gives it (`123456:ABC…`).
                     * @example 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw
                     */
                    botToken: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot token saved; restart the bot to register its webhook",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    setBotEnvViaGet: {
        parameters: {
            query: {
                botId: string;
                /** @description The bot's environment variables (replaces the whole set): at most 100, names of letters, digits and _ (not starting with a digit), values up to 4096 characters. On GET: JSON text. */
                env: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "2 env vars saved",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    setBotEnv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * @description The bot's environment variables (replaces the whole set): at most 100, names of letters, digits and _ (not starting with a digit), values up to 4096 characters. On GET: JSON text.
                     * @example {
                     *       "API_URL": "https://example.com",
                     *       "GREETING": "Hello"
                     *     }
                     */
                    env: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "2 env vars saved",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getBotLogsViaGet: {
        parameters: {
            query: {
                botId: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot logs",
                     *       "logs": [
                     *         {
                     *           "at": "2026-11-23T12:00:00.000Z",
                     *           "level": "log",
                     *           "message": "hello"
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        logs: components["schemas"]["LogLine"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getBotLogs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /** @description How many lines, newest first (default 50). */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Bot logs",
                     *       "logs": [
                     *         {
                     *           "at": "2026-11-23T12:00:00.000Z",
                     *           "level": "log",
                     *           "message": "hello"
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        logs: components["schemas"]["LogLine"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listSchedulesViaGet: {
        parameters: {
            query: {
                botId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 schedules",
                     *       "schedules": [
                     *         {
                     *           "key": "weekday-digest",
                     *           "name": "digest",
                     *           "kind": "cron",
                     *           "next": "2026-11-30T08:00:00.000Z",
                     *           "expression": "0 9 * * 1-5",
                     *           "timezone": "Europe/Berlin",
                     *           "attempt": 0,
                     *           "running": false,
                     *           "lastStatus": "ok",
                     *           "lastRunAt": "2026-11-27T08:00:00.412Z"
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        schedules: components["schemas"]["ScheduleEntry"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 schedules",
                     *       "schedules": [
                     *         {
                     *           "key": "weekday-digest",
                     *           "name": "digest",
                     *           "kind": "cron",
                     *           "next": "2026-11-30T08:00:00.000Z",
                     *           "expression": "0 9 * * 1-5",
                     *           "timezone": "Europe/Berlin",
                     *           "attempt": 0,
                     *           "running": false,
                     *           "lastStatus": "ok",
                     *           "lastRunAt": "2026-11-27T08:00:00.412Z"
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        schedules: components["schemas"]["ScheduleEntry"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    cancelScheduleViaGet: {
        parameters: {
            query: {
                botId: string;
                key: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Schedule weekday-digest cancelled",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Schedule not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    cancelSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * @description The schedule's key, as bot code set it (or scheduler.runAfter/runAt/cron answered it).
                     * @example remind:12345
                     */
                    key: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Schedule weekday-digest cancelled",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Schedule not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    runScheduleNowViaGet: {
        parameters: {
            query: {
                botId: string;
                key: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Schedule weekday-digest is due now",
                     *       "started": true,
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        started: boolean;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Schedule not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    runScheduleNow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * @description The schedule's key, as bot code set it (or scheduler.runAfter/runAt/cron answered it).
                     * @example remind:12345
                     */
                    key: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Schedule weekday-digest is due now",
                     *       "started": true,
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        started: boolean;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found, or Schedule not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listScheduleRunsViaGet: {
        parameters: {
            query: {
                botId: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 runs",
                     *       "runs": [
                     *         {
                     *           "key": "weekday-digest",
                     *           "name": "digest",
                     *           "scheduledAt": "2026-11-27T08:00:00.000Z",
                     *           "startedAt": "2026-11-27T08:00:00.081Z",
                     *           "finishedAt": "2026-11-27T08:00:00.412Z",
                     *           "status": "ok",
                     *           "attempt": 1,
                     *           "error": null
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        runs: components["schemas"]["ScheduleRunEntry"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listScheduleRuns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /** @description How many runs, newest first (default 100). */
                    limit?: number;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 runs",
                     *       "runs": [
                     *         {
                     *           "key": "weekday-digest",
                     *           "name": "digest",
                     *           "scheduledAt": "2026-11-27T08:00:00.000Z",
                     *           "startedAt": "2026-11-27T08:00:00.081Z",
                     *           "finishedAt": "2026-11-27T08:00:00.412Z",
                     *           "status": "ok",
                     *           "attempt": 1,
                     *           "error": null
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        runs: components["schemas"]["ScheduleRunEntry"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getBotUsageViaGet: {
        parameters: {
            query: {
                botId: string;
                granularity: "minute" | "hour";
                from?: string;
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 periods",
                     *       "usage": [
                     *         {
                     *           "at": "2026-11-28T10:00:00.000Z",
                     *           "requests": 120,
                     *           "errors": 2,
                     *           "errorsByKind": {
                     *             "handler": 1,
                     *             "timeout": 0,
                     *             "memory": 0,
                     *             "refused": 1
                     *           },
                     *           "wallTimeP50Ms": 1.4,
                     *           "wallTimeP99Ms": 23.5,
                     *           "cpuMs": 96.25,
                     *           "hostCalls": {
                     *             "db": 240,
                     *             "telegram": 118,
                     *             "http": 0,
                     *             "sleep": 0
                     *           },
                     *           "botApiCalls": 118,
                     *           "egressBytes": 0,
                     *           "storedDocuments": 1520,
                     *           "storedBytes": 304128,
                     *           "broadcastMessagesSent": 0,
                     *           "broadcastMessagesFailed": 0
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        usage: components["schemas"]["UsagePeriod"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getBotUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The bot's id, as createBot or listBots gave it.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId: string;
                    /**
                     * @description minute: rows per minute (kept 48 hours); hour: rows per hour (kept 90 days).
                     * @example minute
                     * @enum {string}
                     */
                    granularity: "minute" | "hour";
                    /**
                     * Format: date-time
                     * @description Start of the window (ISO 8601, inclusive). Default: an hour (minute) or 7 days (hour) before to.
                     * @example 2026-11-28T10:00:00Z
                     */
                    from?: string;
                    /**
                     * Format: date-time
                     * @description End of the window (ISO 8601, exclusive). Default: now.
                     * @example 2026-11-28T10:00:00Z
                     */
                    to?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 periods",
                     *       "usage": [
                     *         {
                     *           "at": "2026-11-28T10:00:00.000Z",
                     *           "requests": 120,
                     *           "errors": 2,
                     *           "errorsByKind": {
                     *             "handler": 1,
                     *             "timeout": 0,
                     *             "memory": 0,
                     *             "refused": 1
                     *           },
                     *           "wallTimeP50Ms": 1.4,
                     *           "wallTimeP99Ms": 23.5,
                     *           "cpuMs": 96.25,
                     *           "hostCalls": {
                     *             "db": 240,
                     *             "telegram": 118,
                     *             "http": 0,
                     *             "sleep": 0
                     *           },
                     *           "botApiCalls": 118,
                     *           "egressBytes": 0,
                     *           "storedDocuments": 1520,
                     *           "storedBytes": 304128,
                     *           "broadcastMessagesSent": 0,
                     *           "broadcastMessagesFailed": 0
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        usage: components["schemas"]["UsagePeriod"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "botId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Bot not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Bot not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getAccountUsageViaGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Plan default",
                     *       "plan": "default",
                     *       "quotas": [
                     *         {
                     *           "quota": "bots",
                     *           "limit": 100,
                     *           "use": 3
                     *         },
                     *         {
                     *           "quota": "storedDocuments",
                     *           "limit": 1000000,
                     *           "use": 1520
                     *         },
                     *         {
                     *           "quota": "storedBytes",
                     *           "limit": 1073741824,
                     *           "use": 304128
                     *         },
                     *         {
                     *           "quota": "broadcastsPerDay",
                     *           "limit": 50,
                     *           "use": 1
                     *         },
                     *         {
                     *           "quota": "liveStreams",
                     *           "limit": 10,
                     *           "use": 1
                     *         },
                     *         {
                     *           "quota": "pendingScheduledRuns",
                     *           "limit": 1000,
                     *           "use": 0
                     *         },
                     *         {
                     *           "quota": "requestsPerSecond",
                     *           "limit": 1000,
                     *           "use": 2
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        plan: string;
                        quotas: components["schemas"]["QuotaUse"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Malformed JSON body",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getAccountUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Plan default",
                     *       "plan": "default",
                     *       "quotas": [
                     *         {
                     *           "quota": "bots",
                     *           "limit": 100,
                     *           "use": 3
                     *         },
                     *         {
                     *           "quota": "storedDocuments",
                     *           "limit": 1000000,
                     *           "use": 1520
                     *         },
                     *         {
                     *           "quota": "storedBytes",
                     *           "limit": 1073741824,
                     *           "use": 304128
                     *         },
                     *         {
                     *           "quota": "broadcastsPerDay",
                     *           "limit": 50,
                     *           "use": 1
                     *         },
                     *         {
                     *           "quota": "liveStreams",
                     *           "limit": 10,
                     *           "use": 1
                     *         },
                     *         {
                     *           "quota": "pendingScheduledRuns",
                     *           "limit": 1000,
                     *           "use": 0
                     *         },
                     *         {
                     *           "quota": "requestsPerSecond",
                     *           "limit": 1000,
                     *           "use": 2
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        plan: string;
                        quotas: components["schemas"]["QuotaUse"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Malformed JSON body",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listNotificationChannelsViaGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 channels",
                     *       "channels": [
                     *         {
                     *           "id": "n7Kq2XbP9rT4vW1yZ3aC",
                     *           "kind": "webhook",
                     *           "url": "https://example.com/hooks/botyard",
                     *           "linked": true,
                     *           "lastDeliveredAt": "2026-11-27T08:00:01.204Z",
                     *           "lastError": null,
                     *           "lastErrorAt": null,
                     *           "createdAt": "2026-11-20T10:12:00.000Z"
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        channels: components["schemas"]["NotificationChannel"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Malformed JSON body",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    listNotificationChannels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "1 channels",
                     *       "channels": [
                     *         {
                     *           "id": "n7Kq2XbP9rT4vW1yZ3aC",
                     *           "kind": "webhook",
                     *           "url": "https://example.com/hooks/botyard",
                     *           "linked": true,
                     *           "lastDeliveredAt": "2026-11-27T08:00:01.204Z",
                     *           "lastError": null,
                     *           "lastErrorAt": null,
                     *           "createdAt": "2026-11-20T10:12:00.000Z"
                     *         }
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        channels: components["schemas"]["NotificationChannel"][];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Malformed JSON body",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    addNotificationChannelViaGet: {
        parameters: {
            query: {
                kind: "telegram" | "webhook";
                url?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Webhook added; keep its secret, it is not shown again",
                     *       "channel": {
                     *         "id": "n7Kq2XbP9rT4vW1yZ3aC",
                     *         "kind": "webhook",
                     *         "url": "https://example.com/hooks/botyard",
                     *         "linked": true,
                     *         "lastDeliveredAt": "2026-11-27T08:00:01.204Z",
                     *         "lastError": null,
                     *         "lastErrorAt": null,
                     *         "createdAt": "2026-11-20T10:12:00.000Z"
                     *       },
                     *       "secret": "bys_Xq4kP9mT2vR7wZ1yB3cD5eF8gH0jK6lN",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        channel: components["schemas"]["NotificationChannel"];
                        /** @description telegram: open it in Telegram; it works once. */
                        startLink?: string;
                        /** @description webhook: the signing secret; shown only in this reply. */
                        secret?: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "kind must be telegram or webhook",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    addNotificationChannel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description telegram: a chat with the operator's notifier bot; webhook: an HTTPS URL of yours.
                     * @example webhook
                     * @enum {string}
                     */
                    kind: "telegram" | "webhook";
                    /**
                     * @description webhook only (and required there): the https:// URL Botyard POSTs signed events to.
                     * @example https://example.com/hooks/botyard
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Webhook added; keep its secret, it is not shown again",
                     *       "channel": {
                     *         "id": "n7Kq2XbP9rT4vW1yZ3aC",
                     *         "kind": "webhook",
                     *         "url": "https://example.com/hooks/botyard",
                     *         "linked": true,
                     *         "lastDeliveredAt": "2026-11-27T08:00:01.204Z",
                     *         "lastError": null,
                     *         "lastErrorAt": null,
                     *         "createdAt": "2026-11-20T10:12:00.000Z"
                     *       },
                     *       "secret": "bys_Xq4kP9mT2vR7wZ1yB3cD5eF8gH0jK6lN",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        channel: components["schemas"]["NotificationChannel"];
                        /** @description telegram: open it in Telegram; it works once. */
                        startLink?: string;
                        /** @description webhook: the signing secret; shown only in this reply. */
                        secret?: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "kind must be telegram or webhook",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    removeNotificationChannelViaGet: {
        parameters: {
            query: {
                channelId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Notification channel removed",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "channelId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Notification channel not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Notification channel not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    removeNotificationChannel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The channel's id, as listNotificationChannels gives it.
                     * @example n7Kq2XbP9rT4vW1yZ3aC
                     */
                    channelId: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "Notification channel removed",
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "channelId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Notification channel not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Notification channel not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    testNotificationChannelViaGet: {
        parameters: {
            query: {
                channelId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "The test message arrived",
                     *       "delivered": true,
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        delivered: boolean;
                        /**
                         * @description Why it did not arrive.
                         * @example the webhook answered 500
                         */
                        error?: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "channelId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Notification channel not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Notification channel not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    testNotificationChannel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The channel's id, as listNotificationChannels gives it.
                     * @example n7Kq2XbP9rT4vW1yZ3aC
                     */
                    channelId: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "The test message arrived",
                     *       "delivered": true,
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        delivered: boolean;
                        /**
                         * @description Why it did not arrive.
                         * @example the webhook answered 500
                         */
                        error?: string;
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "channelId is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Notification channel not found. Another account's bot is as absent as a missing one. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Notification channel not found",
                     *       "stat_code": 404
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getNotificationRulesViaGet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "3 kinds",
                     *       "kinds": [
                     *         "bot_halted",
                     *         "broadcast_finished",
                     *         "broadcast_failed"
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        kinds: components["schemas"]["NotificationRules"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Malformed JSON body",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    getNotificationRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "3 kinds",
                     *       "kinds": [
                     *         "bot_halted",
                     *         "broadcast_finished",
                     *         "broadcast_failed"
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        kinds: components["schemas"]["NotificationRules"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Malformed JSON body",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    setNotificationRulesViaGet: {
        parameters: {
            query: {
                kinds: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "2 kinds",
                     *       "kinds": [
                     *         "bot_halted",
                     *         "broadcast_failed"
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        kinds: components["schemas"]["NotificationRules"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "kinds is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    setNotificationRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Your personal API key (dashboard: Settings → API Key; CLI: `pnpm botyard user:key`).
                     * @example byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG
                     */
                    apiKey: string;
                    /**
                     * @description The kinds of event to be told about; the others are not sent. On GET: comma-separated (empty for none).
                     * @example [
                     *       "bot_halted",
                     *       "broadcast_failed",
                     *       "schedule_failed"
                     *     ]
                     */
                    kinds: ("bot_halted" | "broadcast_finished" | "broadcast_failed" | "schedule_failed" | "schedule_missed" | "quota_nearly_used")[];
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "msg": "2 kinds",
                     *       "kinds": [
                     *         "bot_halted",
                     *         "broadcast_failed"
                     *       ],
                     *       "stat_code": 200
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        msg: string;
                        kinds: components["schemas"]["NotificationRules"];
                        /** @enum {number} */
                        stat_code: 200;
                    };
                };
            };
            /** @description A field is missing, ill-typed or not acceptable; msg names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "kinds is required",
                     *       "stat_code": 400
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The apiKey is missing or unknown. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Invalid API Key",
                     *       "stat_code": 401
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description The body (or a code field) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Request body is larger than 1280kb",
                     *       "stat_code": 413
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Internal error",
                     *       "stat_code": 500
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "msg": "Service temporarily unavailable; try again shortly",
                     *       "stat_code": 503
                     *     }
                     */
                    "application/json": components["schemas"]["Apiv3Error"];
                };
            };
        };
    };
    createBroadcast: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BroadcastRequest"];
            };
        };
        responses: {
            /** @description Queued. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "jobId": "Xy12Ab34Cd56Ef78Gh90Ij12",
                     *       "status": "queued"
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        jobId: string;
                        /** @enum {string} */
                        status: "queued";
                    };
                };
            };
            /** @description A rule of the body is broken; error says which (botId missing, type, text, media, buttons…). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "text is required for type text"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description Missing or wrong X-Bot-Token, or an unknown botId. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Invalid bot token"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description The account's bots were asked for its plan's broadcasts today (UTC) already (code QUOTA_EXCEEDED). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Over the broadcastsPerDay quota of this account's plan (limit 50, in use 50); ask the operator for a larger plan",
                     *       "code": "QUOTA_EXCEEDED",
                     *       "quota": "broadcastsPerDay",
                     *       "limit": 50,
                     *       "use": 50
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastQuotaError"];
                };
            };
            /** @description The body is over 256 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Request body is larger than 256kb"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Internal error"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Service temporarily unavailable; try again shortly"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
        };
    };
    getBroadcast: {
        parameters: {
            query: {
                botId: string;
            };
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "job": {
                     *         "jobId": "Xy12Ab34Cd56Ef78Gh90Ij12",
                     *         "status": "running",
                     *         "total": 1200,
                     *         "sent": 450,
                     *         "failed": 0,
                     *         "createdAt": "2026-11-23T12:00:00.000Z",
                     *         "startedAt": null,
                     *         "finishedAt": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        job: components["schemas"]["BroadcastJob"];
                    };
                };
            };
            /** @description botId is missing. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "botId is required"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description Missing or wrong X-Bot-Token, or an unknown botId. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Invalid bot token"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description No such job for this bot. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Job not found"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Internal error"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Service temporarily unavailable; try again shortly"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
        };
    };
    cancelBroadcast: {
        parameters: {
            query?: {
                botId?: string;
            };
            header?: never;
            path: {
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    /**
                     * @description The bot whose token is in X-Bot-Token.
                     * @example k3Jx9QmZ2pL0aVb7TnRe
                     */
                    botId?: string;
                };
            };
        };
        responses: {
            /** @description Cancelled (now or before). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "job": {
                     *         "jobId": "Xy12Ab34Cd56Ef78Gh90Ij12",
                     *         "status": "cancelled",
                     *         "total": 0,
                     *         "sent": 0,
                     *         "failed": 0,
                     *         "createdAt": "2026-11-23T12:00:00.000Z",
                     *         "startedAt": null,
                     *         "finishedAt": null
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        job: components["schemas"]["BroadcastJob"];
                    };
                };
            };
            /** @description botId is missing, or the body is not a JSON object. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "botId is required"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description Missing or wrong X-Bot-Token, or an unknown botId. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Invalid bot token"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description No such job for this bot. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Job not found"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description The job already completed or failed; the reply carries it. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Job is already completed",
                     *       "job": {
                     *         "jobId": "Xy12Ab34Cd56Ef78Gh90Ij12",
                     *         "status": "completed",
                     *         "total": 0,
                     *         "sent": 0,
                     *         "failed": 0,
                     *         "createdAt": "2026-11-23T12:00:00.000Z",
                     *         "startedAt": null,
                     *         "finishedAt": "2026-11-23T12:05:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastJobConflict"];
                };
            };
            /** @description The body is over 256 KiB. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Request body is larger than 256kb"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Internal error"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Service temporarily unavailable; try again shortly"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
        };
    };
    listBroadcasts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Newest first, at most 20; running jobs show live counts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "jobs": [
                     *         {
                     *           "jobId": "Xy12Ab34Cd56Ef78Gh90Ij12",
                     *           "status": "queued",
                     *           "total": 0,
                     *           "sent": 0,
                     *           "failed": 0,
                     *           "createdAt": "2026-11-23T12:00:00.000Z",
                     *           "startedAt": null,
                     *           "finishedAt": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        ok: true;
                        jobs: components["schemas"]["BroadcastJob"][];
                    };
                };
            };
            /** @description The path is not valid percent-encoded UTF-8. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Malformed URL: a path segment is not valid percent-encoded UTF-8"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description Missing or wrong X-Bot-Token, or an unknown botId. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Invalid bot token"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Internal error"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": "Service temporarily unavailable; try again shortly"
                     *     }
                     */
                    "application/json": components["schemas"]["BroadcastError"];
                };
            };
        };
    };
    dashboardSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "user": {
                     *         "email": "owner@example.com"
                     *       },
                     *       "csrfToken": "Zq3v1Xr8pLkW0aTn5Ue2"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSessionReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardSignUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @example owner@example.com
                     */
                    email: string;
                    /**
                     * Format: password
                     * @example correct horse battery
                     */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "user": {
                     *         "email": "owner@example.com"
                     *       },
                     *       "csrfToken": "Zq3v1Xr8pLkW0aTn5Ue2"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSignUpReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Conflict (the e-mail has an account; the job already finished). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "ACCOUNT_EXISTS",
                     *         "message": "An account with this e-mail already exists"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Too many failed sign-ins; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "SIGN_IN_THROTTLED",
                     *         "message": "Too many sign-in attempts; try again in 900 s"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @example owner@example.com
                     */
                    email: string;
                    /**
                     * Format: password
                     * @example correct horse battery
                     */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "user": {
                     *         "email": "owner@example.com"
                     *       },
                     *       "csrfToken": "Zq3v1Xr8pLkW0aTn5Ue2"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSignInReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Too many failed sign-ins; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "SIGN_IN_THROTTLED",
                     *         "message": "Too many sign-in attempts; try again in 900 s"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardSignOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSignOutReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardChangePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: password
                     * @example correct horse battery
                     */
                    currentPassword: string;
                    /**
                     * Format: password
                     * @example correct horse battery
                     */
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "csrfToken": "Zq3v1Xr8pLkW0aTn5Ue2"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardChangePasswordReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Too many failed sign-ins; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "SIGN_IN_THROTTLED",
                     *         "message": "Too many sign-in attempts; try again in 900 s"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "email": "owner@example.com"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardInviteReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardAcceptInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: password
                     * @example correct horse battery
                     */
                    password: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "user": {
                     *         "email": "owner@example.com"
                     *       },
                     *       "csrfToken": "Zq3v1Xr8pLkW0aTn5Ue2"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardAcceptInviteReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Too many failed sign-ins; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "SIGN_IN_THROTTLED",
                     *         "message": "Too many sign-in attempts; try again in 900 s"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "apiKey": "byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardApiKeyReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardAccountUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "plan": "default",
                     *       "quotas": [
                     *         {
                     *           "quota": "bots",
                     *           "limit": 100,
                     *           "use": 3
                     *         },
                     *         {
                     *           "quota": "requestsPerSecond",
                     *           "limit": 1000,
                     *           "use": 2
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardAccountUsageReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardRegenerateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "apiKey": "byk_AbCdEfGhIjKlMnOp_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardRegenerateApiKeyReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "channels": [
                     *         {
                     *           "id": "n7Kq2XbP9rT4vW1yZ3aC",
                     *           "kind": "webhook",
                     *           "url": "https://example.com/hooks/botyard",
                     *           "linked": true,
                     *           "lastDeliveredAt": "2026-11-27T08:00:01.204Z",
                     *           "lastError": null,
                     *           "lastErrorAt": null,
                     *           "createdAt": "2026-11-20T10:12:00.000Z"
                     *         }
                     *       ],
                     *       "kinds": [
                     *         "bot_halted",
                     *         "broadcast_failed",
                     *         "schedule_failed"
                     *       ],
                     *       "telegram": true
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardNotificationsReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardAddNotificationChannel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description telegram: a chat with the operator's notifier bot; webhook: an HTTPS URL of yours.
                     * @example webhook
                     * @enum {string}
                     */
                    kind: "telegram" | "webhook";
                    /**
                     * @description webhook only (and required there): the https:// URL Botyard POSTs signed events to.
                     * @example https://example.com/hooks/botyard
                     */
                    url?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "channel": {
                     *         "id": "n7Kq2XbP9rT4vW1yZ3aC",
                     *         "kind": "telegram",
                     *         "url": null,
                     *         "linked": false,
                     *         "lastDeliveredAt": null,
                     *         "lastError": null,
                     *         "lastErrorAt": null,
                     *         "createdAt": "2026-11-20T10:12:00.000Z"
                     *       },
                     *       "startLink": "https://t.me/botyard_notify_bot?start=q7Xk2mP9rT4vW1yZ3aCdEf8gH0jK6lN5"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardAddNotificationChannelReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardRemoveNotificationChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardRemoveNotificationChannelReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardTestNotificationChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                channelId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "delivered": false,
                     *       "error": "the webhook answered 500"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardTestNotificationChannelReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardSetNotificationRules: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The kinds of event to be told about; the others are not sent. On GET: comma-separated (empty for none).
                     * @example [
                     *       "bot_halted",
                     *       "broadcast_failed",
                     *       "schedule_failed"
                     *     ]
                     */
                    kinds: ("bot_halted" | "broadcast_finished" | "broadcast_failed" | "schedule_failed" | "schedule_missed" | "quota_nearly_used")[];
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "kinds": [
                     *         "bot_halted",
                     *         "broadcast_failed"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSetNotificationRulesReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardListBots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "bots": [
                     *         {
                     *           "botId": "k3Jx9QmZ2pL0aVb7TnRe",
                     *           "name": "Support bot",
                     *           "status": "halted",
                     *           "haltReason": "Telegram rejected the bot token"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardListBotsReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardCreateBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A name for the owner's own use.
                     * @example Support bot
                     */
                    name: string;
                    /**
                     * @description A Telegram bot token as BotFather gives it (`123456:ABC…`).
                     * @example 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw
                     */
                    botToken?: string;
                    /**
                     * @description The bot's code file (JavaScript); empty when absent. At most 1 MiB of UTF-8; may be empty.
                     * @example bot.start((ctx) => ctx.reply('Welcome!'));
                     */
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "botId": "k3Jx9QmZ2pL0aVb7TnRe"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardCreateBotReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardGetBot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "bot": {
                     *         "botId": "k3Jx9QmZ2pL0aVb7TnRe",
                     *         "name": "Support bot",
                     *         "status": "running",
                     *         "haltReason": null,
                     *         "createdAt": "2026-11-23T12:00:00.000Z",
                     *         "codeUpdatedAt": "2026-11-23T12:00:00.000Z",
                     *         "startedAt": "2026-11-23T12:00:00.000Z",
                     *         "savedVersion": 4,
                     *         "runningVersion": 4,
                     *         "token": {
                     *           "set": true,
                     *           "masked": "123456789:…saw0"
                     *         },
                     *         "envNames": [
                     *           "API_URL"
                     *         ],
                     *         "codeDiffers": false,
                     *         "webhook": {
                     *           "customBase": "https://hooks.example.com/custom/k3Jx9QmZ2pL0aVb7TnRe/",
                     *           "telegram": "https://hooks.example.com/telegram/k3Jx9QmZ2pL0aVb7TnRe"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardGetBotReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardDeleteBot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardDeleteBotReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardRenameBot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A name for the owner's own use.
                     * @example Support bot
                     */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardRenameBotReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardGetCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "code": "bot.start((ctx) => ctx.reply('Welcome!'));"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardGetCodeReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardSaveCode: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The complete code file. At most 1 MiB of UTF-8; may be empty. */
                    code: string;
                    /** @description Restart at once so the new code runs (default false: runs after restart). */
                    restart?: boolean;
                    /** @description Watch the new deploy for BOT_AUTO_ROLLBACK_WINDOW_S (60 s) and go back to the version that ran before when it fails to load, is halted, or fails more than half of at least 20 calls (default false). */
                    autoRollback?: boolean;
                    /**
                     * @description A note kept with the version this save makes (listVersions and the dashboard's History show it).
                     * @example Greet in Spanish too
                     */
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "version": 5,
                     *       "restarted": true,
                     *       "webhook": "registered"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSaveCodeReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardRestartBot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Watch the new deploy for BOT_AUTO_ROLLBACK_WINDOW_S (60 s) and go back to the version that ran before when it fails to load, is halted, or fails more than half of at least 20 calls (default false). */
                    autoRollback?: boolean;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "webhook": "registered"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardRestartBotReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardStopBot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardStopBotReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardSetToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description A Telegram bot token as BotFather gives it (`123456:ABC…`).
                     * @example 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw
                     */
                    botToken: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSetTokenReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardSetEnv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description New values: each name gets this value. Names in neither env nor keep are removed.
                     * @example {
                     *       "API_URL": "https://example.com"
                     *     }
                     */
                    env: {
                        [key: string]: string;
                    };
                    /**
                     * @description Names whose saved value stays as it is (values are never sent to the page).
                     * @example [
                     *       "GREETING"
                     *     ]
                     */
                    keep?: string[];
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "envNames": [
                     *         "API_URL",
                     *         "GREETING"
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSetEnvReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardLogs: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "logs": [
                     *         {
                     *           "at": "2026-11-23T12:00:00.000Z",
                     *           "level": "log",
                     *           "message": "hello"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardLogsReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardLogStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream (text/event-stream) that stays open. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example data: {"at":"2026-11-23T12:00:00.000Z","level":"log","message":"hello"} */
                    "text/event-stream": string;
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Too many failed sign-ins; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "SIGN_IN_THROTTLED",
                     *         "message": "Too many sign-in attempts; try again in 900 s"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardTryWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
                    /**
                     * @description Path under the bot's custom webhook.
                     * @example hello
                     */
                    path: string;
                    /**
                     * @example {
                     *       "name": "Ann"
                     *     }
                     */
                    query?: {
                        [key: string]: string;
                    };
                    /** @description JSON body (ignored for GET). */
                    body?: unknown;
                    /**
                     * @description A saved version to preview in an isolate of its own (path is then a handler name); absent: the running bot.
                     * @example 3
                     */
                    version?: number;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "status": 200,
                     *       "headers": {
                     *         "content-type": "application/json; charset=utf-8"
                     *       },
                     *       "body": {
                     *         "hi": "Ann"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardTryWebhookReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The webhook gateway did not answer. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "GATEWAY_UNREACHABLE",
                     *         "message": "The webhook gateway could not be reached"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardRecipients: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "total": 3,
                     *       "blocked": 1,
                     *       "byLanguage": [
                     *         {
                     *           "lang": "en",
                     *           "count": 2
                     *         },
                     *         {
                     *           "lang": null,
                     *           "count": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardRecipientsReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardBotUsage: {
        parameters: {
            query: {
                granularity: "minute" | "hour";
                from?: string;
                to?: string;
            };
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "usage": [
                     *         {
                     *           "at": "2026-11-23T12:00:00.000Z",
                     *           "requests": 120,
                     *           "errors": 2,
                     *           "errorsByKind": {
                     *             "handler": 1,
                     *             "timeout": 0,
                     *             "memory": 0,
                     *             "refused": 1
                     *           },
                     *           "wallTimeP50Ms": 1.4,
                     *           "wallTimeP99Ms": 23.5,
                     *           "cpuMs": 96.25,
                     *           "hostCalls": {
                     *             "db": 240,
                     *             "telegram": 118,
                     *             "http": 0,
                     *             "sleep": 0
                     *           },
                     *           "botApiCalls": 118,
                     *           "egressBytes": 0,
                     *           "storedDocuments": 1520,
                     *           "storedBytes": 304128,
                     *           "broadcastMessagesSent": 0,
                     *           "broadcastMessagesFailed": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardBotUsageReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardTransferBot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: email
                     * @description E-mail of the recipient account (trimmed; the account must exist).
                     * @example friend@example.com
                     */
                    targetEmail: string;
                    /**
                     * @description A Telegram bot token as BotFather gives it (`123456:ABC…`).
                     * @example 123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw
                     */
                    newBotToken?: string;
                    /** @description Start the new bot at once. Requires newBotToken. */
                    run_now?: boolean;
                    /**
                     * @description Initial data: collection name → array of documents (JSON objects, each at most 256 KiB). A bad collection (name, value, document) is reported in the reply and skipped; the rest of the transfer goes on. On GET: JSON text of the object.
                     * @example {
                     *       "users": [
                     *         {
                     *           "_id": "u1",
                     *           "name": "Ann"
                     *         }
                     *       ],
                     *       "settings": [
                     *         {
                     *           "theme": "dark"
                     *         }
                     *       ]
                     *     }
                     */
                    dbProps?: {
                        [key: string]: Record<string, never>[];
                    };
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "newBotId": "Pq8sT1uV2wX3yZ4aB5cD",
                     *       "dbProps": {
                     *         "users": {
                     *           "inserted": 2
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardTransferBotReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Too many failed sign-ins; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "SIGN_IN_THROTTLED",
                     *         "message": "Too many sign-in attempts; try again in 900 s"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardListVersions: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "savedVersion": 4,
                     *       "runningVersion": 4,
                     *       "versions": [
                     *         {
                     *           "version": 4,
                     *           "size": 57,
                     *           "sha256": "9f2b5c1d0e8a7f6b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b",
                     *           "source": "api",
                     *           "message": "Greet in Spanish too",
                     *           "restoredFrom": null,
                     *           "createdAt": "2026-11-21T10:30:00.000Z",
                     *           "running": true
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardListVersionsReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardGetVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
                version: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "version": {
                     *         "version": 4,
                     *         "size": 57,
                     *         "sha256": "9f2b5c1d0e8a7f6b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b",
                     *         "source": "api",
                     *         "message": "Greet in Spanish too",
                     *         "restoredFrom": null,
                     *         "createdAt": "2026-11-21T10:30:00.000Z",
                     *         "running": false,
                     *         "code": "bot.start((ctx) => ctx.reply('Hola!'));"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardGetVersionReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardRollback: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
                version: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Restart the bot on the new version at once (default false). */
                    restart?: boolean;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "version": 5,
                     *       "restoredFrom": 2,
                     *       "restarted": true,
                     *       "webhook": "registered"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardRollbackReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardSchedules: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "schedules": [
                     *         {
                     *           "key": "weekday-digest",
                     *           "name": "digest",
                     *           "kind": "cron",
                     *           "next": "2026-11-23T12:00:00.000Z",
                     *           "expression": "0 9 * * 1-5",
                     *           "timezone": "Europe/Berlin",
                     *           "attempt": 0,
                     *           "running": false,
                     *           "lastStatus": "failed",
                     *           "lastRunAt": "2026-11-23T12:00:00.000Z"
                     *         }
                     *       ],
                     *       "runs": [
                     *         {
                     *           "key": "weekday-digest",
                     *           "name": "digest",
                     *           "scheduledAt": "2026-11-23T12:00:00.000Z",
                     *           "startedAt": "2026-11-23T12:00:00.000Z",
                     *           "finishedAt": "2026-11-23T12:00:00.000Z",
                     *           "status": "failed",
                     *           "attempt": 3,
                     *           "error": "Error: the digest service answered 502"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardSchedulesReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardCancelSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The schedule's key, as bot code set it (or scheduler.runAfter/runAt/cron answered it).
                     * @example remind:12345
                     */
                    key: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardCancelScheduleReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardRunScheduleNow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The schedule's key, as bot code set it (or scheduler.runAfter/runAt/cron answered it).
                     * @example remind:12345
                     */
                    key: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "started": true
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardRunScheduleNowReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardListBroadcasts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "jobs": [
                     *         {
                     *           "jobId": "Xy12Ab34Cd56Ef78Gh90Ij12",
                     *           "status": "running",
                     *           "total": 1200,
                     *           "sent": 450,
                     *           "failed": 3,
                     *           "createdAt": "2026-11-23T12:00:00.000Z",
                     *           "startedAt": "2026-11-23T12:00:00.000Z",
                     *           "finishedAt": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardListBroadcastsReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardCreateBroadcast: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DashboardBroadcastRequest"];
            };
        };
        responses: {
            /** @description Done. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "jobId": "Xy12Ab34Cd56Ef78Gh90Ij12",
                     *       "status": "queued"
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardCreateBroadcastReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description The body (or the code) is over its size limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BODY_TOO_LARGE",
                     *         "message": "code is larger than 1 MiB"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardCancelBroadcast: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
                jobId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "job": {
                     *         "jobId": "Xy12Ab34Cd56Ef78Gh90Ij12",
                     *         "status": "cancelled",
                     *         "total": 1200,
                     *         "sent": 450,
                     *         "failed": 3,
                     *         "createdAt": "2026-11-23T12:00:00.000Z",
                     *         "startedAt": "2026-11-23T12:00:00.000Z",
                     *         "finishedAt": "2026-11-23T12:00:00.000Z"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardCancelBroadcastReply"];
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Cross-site request refused (Origin or X-CSRF-Token), sign-up closed, or over a quota of the account's plan (QUOTA_EXCEEDED: creating a bot, a transfer's target, a broadcast). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "CSRF",
                     *         "message": "The X-CSRF-Token header is missing"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Conflict (the e-mail has an account; the job already finished). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "ACCOUNT_EXISTS",
                     *         "message": "An account with this e-mail already exists"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    dashboardBroadcastStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                botId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An event stream (text/event-stream) that stays open. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example data: {"jobs":[{"jobId":"Xy12Ab34Cd56Ef78Gh90Ij12","status":"running","total":1200,"sent":450,"failed":3,"createdAt":"2026-11-23T12:00:00.000Z","startedAt":"2026-11-23T12:00:00.000Z","finishedAt":null}]} */
                    "text/event-stream": string;
                };
            };
            /** @description A field is missing or not acceptable; error.field names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INVALID_INPUT",
                     *         "message": "password must be at least 10 characters"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Not signed in (no session, or it ended). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAUTHENTICATED",
                     *         "message": "Sign in first"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description No such bot (another owner's bot is as absent as a missing one), job or invite. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "BOT_NOT_FOUND",
                     *         "message": "Bot not found"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Method not allowed on this path. */
            405: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "METHOD_NOT_ALLOWED",
                     *         "message": "Method PUT not allowed; use GET"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Too many failed sign-ins; retry after Retry-After seconds. */
            429: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "SIGN_IN_THROTTLED",
                     *         "message": "Too many sign-in attempts; try again in 900 s"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description An unexpected fault; details stay in the server log. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "INTERNAL",
                     *         "message": "Internal error"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
            /** @description Postgres or Redis does not answer; retry after Retry-After seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "error": {
                     *         "code": "UNAVAILABLE",
                     *         "message": "Service temporarily unavailable; try again shortly"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["DashboardError"];
                };
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true
                     *     }
                     */
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready for work. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": true,
                     *       "draining": false,
                     *       "checks": {
                     *         "postgres": true,
                     *         "redis": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
            /** @description A dependency does not answer, or the service is shutting down. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "ok": false,
                     *       "draining": false,
                     *       "checks": {
                     *         "postgres": true,
                     *         "redis": false
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Readiness"];
                };
            };
        };
    };
    metrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /** @example # HELP http_requests_total … */
                    "text/plain": string;
                };
            };
        };
    };
    openapiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI 3.1 document of this service. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "openapi": "3.1.0",
                     *       "info": {
                     *         "title": "Botyard",
                     *         "version": "1"
                     *       },
                     *       "paths": {}
                     *     }
                     */
                    "application/json": {
                        openapi: string;
                    };
                };
            };
        };
    };
    docsPage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An HTML page. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example <!doctype html>
                     *     <html lang="en">…</html>
                     */
                    "text/html": string;
                };
            };
        };
    };
}
