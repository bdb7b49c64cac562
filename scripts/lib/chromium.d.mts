export declare const chromiumPath: string;
export declare const playwrightDisabledFeatures: string[];
export declare const unusedBrowserUiFeatures: string[];
export declare const chromiumArgs: string[];
