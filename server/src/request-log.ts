// In demo mode the console is read by a person: the start banner, warnings and errors, not one JSON line per
// request (a page load makes dozens). There the per-request lines go to debug (LOG_LEVEL=debug shows them);
// failed requests keep Fastify's error line. Elsewhere Fastify's own controller logs them at info.
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

export class DebugRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
    else if (!this.isLogDisabled(request)) reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}
