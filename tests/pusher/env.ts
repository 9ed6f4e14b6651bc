/** The PUSHER_* variables that point the app at the test Pusher server (`./test-server`) on 127.0.0.1:`port`. */
export function testPusherEnv(app: { appId: string; key: string; secret: string }, port: number) {
  return {
    PUSHER_APP_ID: app.appId,
    PUSHER_KEY: app.key,
    PUSHER_SECRET: app.secret,
    PUSHER_HOST: '127.0.0.1',
    PUSHER_PORT: String(port),
    PUSHER_TLS: '0',
  };
}
