import { Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';

export interface DocumentedParameter {
  name: string;
  required?: boolean;
  schema: Record<string, unknown>;
}

/** The OpenAPI document Nest writes for these controllers alone: how a unit test sees what its DTOs declare. */
export async function documentOf(...controllers: Type[]): Promise<OpenAPIObject> {
  class DocumentedModule {}
  Module({ controllers })(DocumentedModule);
  const app = await NestFactory.create(DocumentedModule, new FastifyAdapter(), { logger: false });
  try {
    return SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('t').setVersion('3.0').build());
  } finally {
    await app.close();
  }
}

/** The query parameters of GET `path`. */
export function parametersOf(document: OpenAPIObject, path: string): DocumentedParameter[] {
  return (document.paths[path].get?.parameters ?? []) as unknown as DocumentedParameter[];
}
