import type { ValidationIssue } from '../common/api-error';
import { parseIp } from '../network/ip-address';
import type { SsrfGuard } from '../network/ssrf-guard';
import type { CreateTaskInput } from './task-input.types';

/** The bundled samples as the screen sees them (media's `SampleMedia`): the file a sample URL names, or null. */
export interface SampleUrls {
  sampleFileFor(url: string): string | null;
}

/** What the create-time screen needs: the process's one SSRF guard and the sample URLs it lets through. */
export interface UrlScreen {
  guard: SsrfGuard;
  samples: SampleUrls;
}

/**
 * The part of the SSRF guard that needs no DNS, applied when a task is created:
 * a media or webhook URL naming a private, loopback or link-local address (an IP
 * literal, or `localhost`) that is not allow-listed can never be fetched, so it
 * is a validation error now rather than a failed task later. Host names are
 * resolved and checked again when they are fetched.
 *
 * The service's own sample URLs (exactly as GET /v3/samples lists them) are
 * accepted as media without any address check: the worker reads them from disk
 * and never connects to them. Webhooks get no such exception.
 */
export function screenTaskUrls(input: CreateTaskInput, guard: SsrfGuard, samples: SampleUrls): ValidationIssue[] {
  const urls: Array<{ field: string; url: string }> = [{ field: 'webhook.url', url: input.webhook.url }];
  input.input.timeline.tracks.forEach((track, t) =>
    track.clips.forEach((clip, c) => {
      if (samples.sampleFileFor(clip.media_url) === null) {
        urls.push({ field: `input.timeline.tracks[${t}].clips[${c}].media_url`, url: clip.media_url });
      }
    }),
  );
  return urls.flatMap(({ field, url }) => {
    const reason = refusal(url, guard);
    return reason ? [{ field, issue: reason, provided_value: url }] : [];
  });
}

function refusal(raw: string, guard: SsrfGuard): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null; // malformed URLs are reported by the body validation
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (guard.isHostAllowListed(host)) return null;
  if (parseIp(host)) {
    return guard.checkAddress(host) ? null : `must not point at a private, loopback or link-local address (${host}) unless it is allow-listed`;
  }
  const name = host.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) {
    return guard.checkAddress('127.0.0.1') ? null : 'must not point at localhost unless it is allow-listed';
  }
  return null;
}
