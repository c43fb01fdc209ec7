import { CanActivate, ExecutionContext, Injectable, SetMetadata, createParamDecorator } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../common/api-error';
import type { Permission, Principal } from './auth.types';

const PERMISSION_KEY = 'required-permission';

/** The permission a route needs; every /v3 route except the OpenAPI document declares one. */
export const RequirePermission = (permission: Permission) => SetMetadata(PERMISSION_KEY, permission);

@Injectable()
export class PermissionGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const permission = this.reflector.get<Permission | undefined>(PERMISSION_KEY, context.getHandler());
    if (!permission) return true;
    const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
    if (!principal) throw new ApiError('MISSING_AUTHENTICATION', 'Send your API key in the Authorization header');
    if (!principal.permissions.includes(permission)) {
      throw new ApiError('INSUFFICIENT_PERMISSIONS', `This API key lacks the permission ${permission}`, {
        details: { required_permission: permission },
      });
    }
    return true;
  }
}

/** The authenticated principal of the request (set by RequestGate). */
export const CurrentPrincipal = createParamDecorator((_: unknown, context: ExecutionContext): Principal => {
  const principal = context.switchToHttp().getRequest<FastifyRequest>().principal;
  if (!principal) throw new ApiError('MISSING_AUTHENTICATION', 'Send your API key in the Authorization header');
  return principal;
});
