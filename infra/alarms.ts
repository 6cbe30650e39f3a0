import { CfnParameter, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Subscription, SubscriptionProtocol, Topic } from 'aws-cdk-lib/aws-sns';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { pascal } from './jobs';
import type { StageConfig } from './config';

export interface AlarmsStackProps extends StackProps {
  api: HttpApi;
  functions: { name: string; fn: IFunction }[];
  deadLetterQueues: { name: string; queue: IQueue }[];
}

/** 5xx answers above this share of requests, over 5 minutes with at least 20 requests, alarm. */
export const API_5XX_PERCENT = 5;

/**
 * Alarms to one SNS topic whose e-mail subscription is a stack parameter (AlarmEmail): a message
 * in any dead-letter queue, the API's 5xx rate, and throttling of any function.
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

    /** An alarm as soon as a metric counts anything in one period (nothing reported is fine). */
    const anyOf = (id: string, alarmDescription: string, metric: IMetric) =>
      new Alarm(this, id, { alarmDescription, metric, threshold: 0, comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD, evaluationPeriods: 1, treatMissingData: TreatMissingData.NOT_BREACHING }).addAlarmAction(action);

    for (const { name, queue } of props.deadLetterQueues) {
      anyOf(
        `${pascal(name)}DeadLettersAlarm`,
        `A ${name} job failed every attempt and is in its dead-letter queue`,
        queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(1), statistic: 'Maximum' }),
      );
    }

    new Alarm(this, 'Api5xxAlarm', {
      alarmDescription: `More than ${API_5XX_PERCENT}% of API requests answered 5xx`,
      metric: new MathExpression({
        expression: 'IF(requests >= 20, 100 * errors / requests, 0)',
        usingMetrics: {
          errors: props.api.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
          requests: props.api.metricCount({ period: Duration.minutes(5), statistic: 'Sum' }),
        },
        period: Duration.minutes(5),
        label: 'API 5xx %',
      }),
      threshold: API_5XX_PERCENT,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: 2,
      datapointsToAlarm: 2,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(action);

    for (const { name, fn } of props.functions) {
      anyOf(`${pascal(name)}ThrottlesAlarm`, `The ${name} function was throttled`, fn.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }));
    }
  }
}
