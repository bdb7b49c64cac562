// PostgreSQL's LISTEN/NOTIFY for the server's instances on one database: a notification sent by
// one reaches every instance listening on the channel (the sender's own included), in commit
// order. Used to drop the shared-read caches of every instance when one takes a write
// (app/shared-reads.ts).
import postgres from 'postgres';

export interface DatabaseNotifications {
  /** Sends `payload` on `channel` (committed at once: it is a statement of its own). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Listens on `channel` on a connection of its own. `onListen` runs each time the listener is
   * ready: at first, and after every reconnection (notifications sent while it was away are
   * lost, so the caller must assume it missed some). A listener that loses its connection opens
   * a new one, retrying every `retryMs` until the database answers again.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onListen: () => void,
  ): Promise<{ stop(): Promise<void> }>;
}

const CHANNEL_NAME = /^[a-z][a-z0-9_]{0,62}$/;

/**
 * The notifications of a PostgreSQL database: `notify` on the server's pool (`send`), `listen`
 * on a dedicated connection per listener, opened with `options`.
 */
export function createNotifications(
  connectionString: string,
  options: postgres.Options<Record<string, never>>,
  send: (channel: string, payload: string) => Promise<unknown>,
  retryMs = 1000,
): DatabaseNotifications {
  return {
    async notify(channel, payload) {
      await send(channel, payload);
    },
    async listen(channel, onNotify, onListen) {
      if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a channel name: ${channel}`);
      let stopped = false;
      let client: postgres.Sql | undefined;
      let retry: NodeJS.Timeout | undefined;

      const reopenLater = () => {
        if (stopped || retry) return;
        const closing = client;
        client = undefined;
        void closing?.end({ timeout: 0 }).catch(() => undefined);
        retry = setTimeout(() => {
          retry = undefined;
          if (!stopped) void open().catch(reopenLater);
        }, retryMs);
        retry.unref();
      };

      const open = async () => {
        const opened: postgres.Sql = postgres(connectionString, {
          ...options,
          max: 1,
          idle_timeout: 0,
          max_lifetime: null,
          fetch_types: false,
          // postgres.js's own hook for notifications (its `listen` uses it; not in its types).
          ...{
            onnotify: (from: string, payload: string) => {
              if (from === channel) onNotify(payload);
            },
          },
          // The connection ended (PostgreSQL restarted, a network cut): listen again.
          onclose: () => {
            if (client === opened) reopenLater();
          },
        });
        client = opened;
        await opened.unsafe(`LISTEN ${channel}`);
        if (stopped) {
          await opened.end({ timeout: 0 });
          return;
        }
        onListen();
      };

      // The first attempt's failure is the caller's to see; later ones retry.
      await open().catch(async (error: unknown) => {
        stopped = true;
        clearTimeout(retry);
        await client?.end({ timeout: 0 }).catch(() => undefined);
        throw error;
      });
      return {
        async stop() {
          stopped = true;
          clearTimeout(retry);
          await client?.end({ timeout: 1 }).catch(() => undefined);
        },
      };
    },
  };
}
