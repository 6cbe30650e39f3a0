import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { AllowedMethods, CacheCookieBehavior, CacheHeaderBehavior, CachePolicy, CacheQueryStringBehavior, Distribution, FunctionCode, FunctionEventType, FunctionRuntime, Function as CloudFrontFunction, HeadersFrameOption, HeadersReferrerPolicy, HttpVersion, OriginProtocolPolicy, OriginRequestPolicy, PriceClass, ResponseHeadersPolicy, SecurityPolicyProtocol, ViewerProtocolPolicy } from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS } from '../functions/src/http/security-headers';
import { ORIGIN_VERIFY_HEADER } from '../functions/src/lambda/origin';
import { removal, type StageConfig } from './config';
import { SPA_FALLBACK_CODE } from './web-fallback';

/** CloudFront's access logs are kept this long, then expire. */
export const ACCESS_LOG_DAYS = 90;

export interface WebStackProps extends StackProps {
  apiDomain: string;
  originVerify: ISecret;
  filesBucketDomain: string;
}

/**
 * The web app: a private bucket read by CloudFront through origin access control, the SPA fallback
 * by a CloudFront Function on the web behaviour only, `/api/*` to the HTTP API uncached with every
 * viewer header but Host, and security headers on both. The files are uploaded after the deploy
 * by publish-web.ts (deploy.sh), so no deployment Lambda with broad S3 rights lives in the stage.
 */
export class WebStack extends Stack {
  readonly bucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, config: StageConfig, props: WebStackProps) {
    super(scope, id, props);
    this.bucket = new Bucket(this, 'Site', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: removal(config),
      autoDeleteObjects: !config.prod,
    });

    // CloudFront's standard logs: a bucket of their own (CloudFront writes them with an ACL, so the
    // bucket keeps object ownership by writer), expiring after ACCESS_LOG_DAYS.
    const logs = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      removalPolicy: removal(config),
      autoDeleteObjects: !config.prod,
      lifecycleRules: [{ id: 'expire-access-logs', expiration: Duration.days(ACCESS_LOG_DAYS) }],
    });

    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Escritório Virtual ${config.stage}: security headers`,
      securityHeadersBehavior: {
        // The same definition the local server sends (functions/src/http/security-headers.ts).
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy({ filesOrigin: `https://${props.filesBucketDomain}` }), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, preload: true, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      code: FunctionCode.fromInline(SPA_FALLBACK_CODE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Client-side routes get /index.html',
    });

    const apiOrigin = new HttpOrigin(props.apiDomain, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      readTimeout: Duration.seconds(30),
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerify.secretValue.unsafeUnwrap() },
    });

    // The store's public catalogue (docs/store.md "The purchase"): cached at the edge for what the API
    // says (`s-maxage`, five minutes at most), one copy per search and page; no header nor cookie in
    // the key, so no client's session reaches it (its prices and stock are other, uncached calls).
    const storeCatalogue = new CachePolicy(this, 'StoreCatalogue', {
      comment: 'The store catalogue: public, as long as the API says (5 minutes at most)',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.minutes(5),
      queryStringBehavior: CacheQueryStringBehavior.allowList('q', 'cursor', 'limit'),
      headerBehavior: CacheHeaderBehavior.none(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Escritório Virtual ${config.stage}`,
      defaultRootObject: 'index.html',
      ...(config.domain && {
        domainNames: [config.domain.name],
        certificate: Certificate.fromCertificateArn(this, 'Certificate', config.domain.certificateArn),
        minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // South America is only in the "all" price class, and the users are in Brazil.
      priceClass: PriceClass.PRICE_CLASS_ALL,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
        functionAssociations: [{ function: spaFallback, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/store/*/products': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: storeCatalogue,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
          compress: true,
        },
      },
    });

    new CfnOutput(this, 'Url', { value: `https://${this.distribution.distributionDomainName}`, description: 'The web app' });
    new CfnOutput(this, 'BucketName', { value: this.bucket.bucketName });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
  }
}
