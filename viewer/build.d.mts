export declare const distDir: string;
export declare function buildViewer(options?: { quiet?: boolean }): Promise<string>;
