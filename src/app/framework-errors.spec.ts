import { decodedPath, loggableUrl } from '../common/request-path';
import { RouteMethods } from './framework-errors';

describe('RouteMethods', () => {
  const routes = new RouteMethods();
  routes.record('/v3/tasks', ['GET', 'HEAD']);
  routes.record('/v3/tasks', 'POST');
  routes.record('/v3/tasks/:task_id', ['GET', 'DELETE']);
  routes.record('/v3/tasks/:task_id/retry', 'POST');

  it('lists the methods of the route a path matches, parameters included', () => {
    expect(routes.allowed('/v3/tasks')).toEqual(['GET', 'HEAD', 'POST']);
    expect(routes.allowed('/v3/tasks/tsk_1')).toEqual(['DELETE', 'GET']);
    expect(routes.allowed('/v3/tasks/tsk_1/retry')).toEqual(['POST']);
    expect(routes.allowed('/v3/tasks/tsk_1/cancel')).toEqual([]);
  });

  it('refuses only a method the known path does not answer', () => {
    expect(routes.refusal('post', '/v3/tasks')).toBeNull();
    expect(routes.refusal('PUT', '/v3/unknown')).toBeNull();
    const refusal = routes.refusal('PUT', '/v3/tasks/tsk_1');
    expect(refusal).toMatchObject({ code: 'METHOD_NOT_ALLOWED', status: 405, options: { headers: { Allow: 'DELETE, GET' } } });
  });
});

describe('decodedPath', () => {
  it('undoes percent-encoding of the path only, and leaves malformed encoding alone', () => {
    expect(decodedPath('/%763/models?x=%41')).toBe('/v3/models');
    expect(decodedPath('/v3/files/%zz?sig=1')).toBe('/v3/files/%zz');
  });
});

describe('loggableUrl', () => {
  it('hides the values that make a link work, keeps the rest', () => {
    expect(loggableUrl('/v3/files/tsk_1/output.mp4?expires=1893456000&signature=abc123')).toBe(
      '/v3/files/tsk_1/output.mp4?expires=[redacted]&signature=[redacted]',
    );
    expect(loggableUrl('/v3/tasks?status=completed&limit=5')).toBe('/v3/tasks?status=completed&limit=5');
    expect(loggableUrl('/o.mp4?X-Amz-Signature=f00&X-Amz-Credential=AKIA&flag')).toBe('/o.mp4?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&flag');
  });
});
