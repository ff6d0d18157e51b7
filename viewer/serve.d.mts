import type { Server } from 'node:http';
export declare function startViewerServer(options?: {
  root?: string;
  port?: number;
  host?: string;
}): Promise<{ server: Server; url: string }>;
