import { Controller, Get, Inject } from '@nestjs/common';
import { ApiExcludeController, OpenAPIObject } from '@nestjs/swagger';

export const OPENAPI_DOCUMENT = Symbol('OPENAPI_DOCUMENT');

/** Holds the document generated from the controllers and DTOs once the app is built. */
export class OpenApiHolder {
  document: OpenAPIObject | null = null;
}

@ApiExcludeController()
@Controller('v3')
export class OpenApiController {
  constructor(@Inject(OPENAPI_DOCUMENT) private readonly holder: OpenApiHolder) {}

  @Get('openapi.json')
  document(): OpenAPIObject | null {
    return this.holder.document;
  }
}
