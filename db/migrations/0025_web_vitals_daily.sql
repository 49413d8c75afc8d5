CREATE TABLE "web_vitals_daily" (
	"day" date NOT NULL,
	"page_type" text NOT NULL,
	"device" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "web_vitals_daily_day_page_type_device_metric_bucket_pk" PRIMARY KEY("day","page_type","device","metric","bucket")
);
