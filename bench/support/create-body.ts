/** A create of a 2 s video whose media no API-only service ever fetches (ROLE=api has no worker): what bench:api posts. */
export function createBody(requestId: string): Record<string, unknown> {
  return {
    request_id: requestId,
    input: {
      timeline: {
        duration_ms: 2000,
        tracks: [{ id: 'main', type: 'video', clips: [{ id: 'clip-1', media_url: 'https://127.0.0.1:9/clip.mp4', start_time_ms: 0, end_time_ms: 2000 }] }],
      },
      output: { resolution: { width: 320, height: 180 } },
    },
    webhook: { url: 'https://127.0.0.1:9/hook' },
  };
}
