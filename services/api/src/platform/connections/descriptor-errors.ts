import type { ErrorRequestHandler } from 'express';
import type { ErrorBody } from '@whosright/contracts/shared/errors';
import { isDescriptorExhaustion, type ConnectionReport } from './connection-report';

const BUSY: ErrorBody = {
  message: 'The server is busy; try again in a moment',
  code: 'unavailable',
};

/**
 * A request that failed because no descriptor was left (a static file or the database could not
 * be opened) is the server's load, not a bug: 503 with Retry-After, counted and logged at most
 * once per window rather than once per request. Anything else goes on to the error handler.
 */
export function descriptorErrors(report: ConnectionReport): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (!isDescriptorExhaustion(error)) {
      next(error);
      return;
    }
    report.exhausted('request');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.setHeader('Retry-After', '5');
    res.status(503).json(BUSY);
  };
}
