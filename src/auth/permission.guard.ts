import { CanActivate, ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import type { Permission, Principal } from './auth.types';

const PERMISSION_KEY = 'required-permission';

/** The permissions a route needs (all of them); every /v3 route except the OpenAPI document declares one. */
export const RequirePermission = (...permissions: [Permission, ...Permission[]]) => SetMetadata(PERMISSION_KEY, permissions);

@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const permissions = this.reflector.get<Permission[] | undefined>(PERMISSION_KEY, context.getHandler());
    if (!permissions) return true;
    const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
    if (!principal) throw new ApiError('MISSING_AUTHENTICATION', 'Send your API key in the Authorization header');
    for (const needed of permissions) requirePermission(principal, needed);
    return true;
  }
}

/** 403 INSUFFICIENT_PERMISSIONS unless the principal holds `permission` (also for the parts of a request that need more than its route). */
export function requirePermission(principal: Principal, permission: Permission): void {
  if (!principal.permissions.includes(permission)) {
    throw new ApiError('INSUFFICIENT_PERMISSIONS', `This API key lacks the permission ${permission}`, {
      details: { required_permission: permission },
    });
  }
}

/** The authenticated principal of the request (set by RequestGate). */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
  if (!principal) throw new ApiError('MISSING_AUTHENTICATION', 'Send your API key in the Authorization header');
  return principal;
});
