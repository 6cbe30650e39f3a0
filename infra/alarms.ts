import { CfnParameter, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Subscription, SubscriptionProtocol, Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { pascal } from './jobs';
import type { StageConfig } from './config';

export interface AlarmsStackProps extends StackProps {
  api: HttpApi;
  /** The HTTP API's access logs: the 429s are counted from them. */
  accessLogs: ILogGroup;
  functions: { name: string; fn: IFunction; timeoutSeconds: number }[];
  /** Each job family's queue, its dead-letter queue, and how old its oldest message may grow. */
  queues: { name: string; queue: IQueue; deadLetters: IQueue; maxAgeSeconds: number }[];
  table: ITable;
}

/**
 * The thresholds, each with its meaning and first action in docs/deploy.md ("Runbook"). Rates
 * alarm only over enough requests to mean something.
 */
export const ALARM_THRESHOLDS = {
  /** 5xx answers above this share of API requests (5 minutes, at least 20 requests, twice). */
  api5xxPercent: 5,
  /** 429 answers above this share of API requests (the request limits refusing many). */
  api429Percent: 10,
  /** A function's p99 duration above this share of its timeout (three periods of 5 minutes). */
  durationOfTimeout: 0.8,
  /** Errors of a function in 5 minutes. */
  functionErrors: 5,
  /** TransactionConflict answers in 5 minutes (some are normal: the code retries them). */
  transactionConflicts: 200,
  /** SES's bounce rate (AWS reviews an account at 5 % and may pause it at 10 %). */
  sesBounceRate: 0.04,
  /** SES's complaint rate (AWS reviews at 0.1 % and may pause at 0.5 %). */
  sesComplaintRate: 0.001,
} as const;

/** The names of the metric the 429s are counted into from the access logs. */
export const API_429_METRIC = { namespace: 'EscritorioVirtual', metricName: 'Api429' } as const;

/**
 * Alarms to one SNS topic whose e-mail subscription is a stack parameter (AlarmEmail), for what
 * would break first: every dead-letter queue not empty, every queue's oldest message too old, the
 * API's 5xx and 429 rates, each function's errors, throttles and duration near its timeout, the
 * table's throttling and transaction conflicts, SES's bounce and complaint rates.
 */
export class AlarmsStack extends Stack {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, config: StageConfig, props: AlarmsStackProps) {
    super(scope, id, props);
    const email = new CfnParameter(this, 'AlarmEmail', {
      type: 'String',
      description: 'Who receives the alarms (confirm the subscription e-mail AWS sends)',
      allowedPattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      constraintDescription: 'an e-mail address',
    });
    this.topic = new Topic(this, 'Topic', { displayName: `Escritório Virtual ${config.stage} alarms` });
    new Subscription(this, 'EmailSubscription', { topic: this.topic, protocol: SubscriptionProtocol.EMAIL, endpoint: email.valueAsString });
    const action = new SnsAction(this.topic);
    const T = ALARM_THRESHOLDS;
    const five = Duration.minutes(5);

    /** An alarm when `metric` goes above `threshold` in `periods` periods running (nothing reported is fine). */
    const above = (id: string, alarmDescription: string, metric: IMetric, threshold: number, periods = 1) =>
      new Alarm(this, id, {
        alarmDescription,
        metric,
        threshold,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: periods,
        datapointsToAlarm: periods,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);

    for (const { name, queue, deadLetters, maxAgeSeconds } of props.queues) {
      above(`${pascal(name)}DeadLettersAlarm`, `A ${name} job failed every attempt and is in its dead-letter queue`, deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }), 0);
      above(
        `${pascal(name)}OldestMessageAlarm`,
        `A ${name} job has waited more than ${maxAgeSeconds / 60} minutes in its queue`,
        queue.metricApproximateAgeOfOldestMessage({ period: five, statistic: 'Maximum' }),
        maxAgeSeconds,
        2,
      );
    }

    // The share of requests answered with a status, over 5 minutes with at least 20 requests.
    const share = (label: string, usingMetrics: Record<string, IMetric>) =>
      new MathExpression({ expression: 'IF(requests >= 20, 100 * hits / requests, 0)', usingMetrics, period: five, label });
    const requests = props.api.metricCount({ period: five, statistic: 'Sum' });
    above('Api5xxAlarm', `More than ${T.api5xxPercent}% of API requests answered 5xx`, share('API 5xx %', { hits: props.api.metricServerError({ period: five, statistic: 'Sum' }), requests }), T.api5xxPercent, 2);

    const limited = new MetricFilter(this, 'Api429Filter', {
      logGroup: props.accessLogs,
      filterPattern: FilterPattern.stringValue('$.status', '=', '429'),
      metricNamespace: API_429_METRIC.namespace,
      metricName: API_429_METRIC.metricName,
      metricValue: '1',
      defaultValue: 0,
    });
    above('Api429Alarm', `More than ${T.api429Percent}% of API requests answered 429 (request limits)`, share('API 429 %', { hits: limited.metric({ period: five, statistic: 'Sum' }), requests }), T.api429Percent, 2);

    for (const { name, fn, timeoutSeconds } of props.functions) {
      const n = pascal(name);
      above(`${n}ThrottlesAlarm`, `The ${name} function was throttled`, fn.metricThrottles({ period: five, statistic: 'Sum' }), 0);
      above(`${n}ErrorsAlarm`, `The ${name} function failed more than ${T.functionErrors} times in 5 minutes`, fn.metricErrors({ period: five, statistic: 'Sum' }), T.functionErrors);
      above(
        `${n}DurationAlarm`,
        `The ${name} function's p99 duration is above ${T.durationOfTimeout * 100}% of its ${timeoutSeconds} s timeout`,
        fn.metricDuration({ period: five, statistic: 'p99' }),
        timeoutSeconds * 1000 * T.durationOfTimeout,
        3,
      );
    }

    const tableName = props.table.tableName;
    const dynamo = (metricName: string) => new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: tableName }, period: five, statistic: 'Sum' });
    above(
      'TableThrottlesAlarm',
      'The table throttled reads or writes',
      new MathExpression({ expression: 'reads + writes', usingMetrics: { reads: dynamo('ReadThrottleEvents'), writes: dynamo('WriteThrottleEvents') }, period: five, label: 'Throttle events' }),
      0,
    );
    above('TransactionConflictsAlarm', `More than ${T.transactionConflicts} transaction conflicts in 5 minutes`, dynamo('TransactionConflict'), T.transactionConflicts);

    const ses = (metricName: string) => new Metric({ namespace: 'AWS/SES', metricName, period: Duration.hours(1), statistic: 'Maximum' });
    above('SesBounceRateAlarm', `SES bounce rate above ${T.sesBounceRate * 100}%`, ses('Reputation.BounceRate'), T.sesBounceRate);
    above('SesComplaintRateAlarm', `SES complaint rate above ${T.sesComplaintRate * 100}%`, ses('Reputation.ComplaintRate'), T.sesComplaintRate);
  }
}
