from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('klammernliga', '0008_game_entry_token'),
    ]

    operations = [
        migrations.CreateModel(
            name='Generation',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveBigIntegerField(default=0)),
                ('changed_at', models.DateTimeField()),
            ],
        ),
    ]
