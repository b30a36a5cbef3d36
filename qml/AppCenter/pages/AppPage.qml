pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// One application: icon, name, summary, developer; Install/Remove with progress and Cancel;
// screenshots; description; ratings (histogram and Bayesian score); package facts.
// Every text from the catalog is plain text.
Page {
    id: page

    required property var details
    required property var actions
    required property var nav
    required property var packageInfo
    required property var launcher
    property var reviews: null

    readonly property string appState: page.actions.state
    readonly property bool busy: page.actions.running

    Accessible.name: page.details.name

    ScrollView {
        id: scroll
        anchors.fill: parent
        contentWidth: availableWidth
        clip: true

        ColumnLayout {
            width: scroll.availableWidth
            spacing: 16

            Label {
                visible: !page.details.loading && !page.details.found
                text: qsTr("This application is not in the catalog.")
                Layout.margins: 24
            }

            RowLayout {
                visible: page.details.found
                spacing: 20
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
                Layout.topMargin: 20

                Image {
                    // read by --screenshot, which waits for every image
                    readonly property bool isLoading: status === Image.Loading
                    source: page.details.iconUrl
                    sourceSize.width: 128
                    sourceSize.height: 128
                    Layout.preferredWidth: 128
                    Layout.preferredHeight: 128
                    asynchronous: true
                    Accessible.ignored: true
                }
                ColumnLayout {
                    Layout.fillWidth: true
                    spacing: 6
                    Label {
                        objectName: "appName"
                        text: page.details.name
                        textFormat: Text.PlainText
                        font.pixelSize: 26
                        font.bold: true
                        elide: Text.ElideRight
                        maximumLineCount: 2
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label {
                        text: page.details.summary
                        textFormat: Text.PlainText
                        font.pixelSize: 16
                        wrapMode: Text.Wrap
                        elide: Text.ElideRight
                        maximumLineCount: 3
                        Layout.fillWidth: true
                    }
                    Label {
                        visible: page.details.developer !== ""
                        text: page.details.developer
                        textFormat: Text.PlainText
                        opacity: 0.7
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                    RowLayout {
                        spacing: 6
                        StarRating {
                            value: page.details.ratingScore
                            starSize: 18
                            visible: page.details.ratingCount > 0
                        }
                        Label {
                            text: page.details.ratingCount > 0
                                  ? qsTr("Ratings: %L1").arg(page.details.ratingCount)
                                  : qsTr("No ratings yet")
                            opacity: 0.7
                        }
                    }
                }
                ColumnLayout {
                    Layout.alignment: Qt.AlignTop
                    spacing: 6
                    Button {
                        id: installButton
                        objectName: "installButton"
                        text: qsTr("Install")
                        icon.name: "download"
                        highlighted: true
                        visible: page.appState !== "installed" && page.appState !== "removing" && !page.busy
                        enabled: page.actions.available
                        Accessible.name: qsTr("Install %1").arg(page.details.name)
                        onClicked: page.actions.install(page.details.appId)
                    }
                    Button {
                        objectName: "launchButton"
                        text: qsTr("Launch")
                        icon.name: "system-run"
                        highlighted: true
                        // appState first: re-checked when an install finishes
                        visible: page.appState === "installed" && !page.busy
                                 && page.launcher.canLaunch(page.details.desktopId)
                        Accessible.name: qsTr("Launch %1").arg(page.details.name)
                        onClicked: page.launcher.launch(page.details.desktopId)
                    }
                    Button {
                        objectName: "removeButton"
                        text: qsTr("Remove")
                        icon.name: "edit-delete"
                        visible: page.appState === "installed" && !page.busy
                        enabled: page.actions.available
                        Accessible.name: qsTr("Remove %1").arg(page.details.name)
                        onClicked: page.actions.remove(page.details.appId)
                    }
                    Label {
                        visible: !page.actions.available
                        text: page.actions.unavailableReason
                        wrapMode: Text.Wrap
                        opacity: 0.7
                        font.pixelSize: 11
                        Layout.maximumWidth: 220
                    }
                }
            }

            ProgressPanel {
                objectName: "progressPanel"
                visible: page.busy
                statusText: page.actions.statusText
                percent: page.actions.percent
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
                onCancelRequested: page.actions.cancel(page.details.appId)
            }

            ScreenshotCarousel {
                visible: page.details.found && count > 0
                model: page.details.screenshots
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
            }

            Repeater {
                model: page.details.description
                delegate: Label {
                    required property string modelData
                    text: modelData
                    textFormat: Text.PlainText
                    wrapMode: Text.Wrap
                    Layout.fillWidth: true
                    Layout.leftMargin: 24
                    Layout.rightMargin: 24
                }
            }

            GridLayout {
                visible: page.details.found
                columns: 2
                columnSpacing: 40
                rowSpacing: 16
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
                Layout.bottomMargin: 24

                ColumnLayout {
                    Layout.alignment: Qt.AlignTop
                    Layout.preferredWidth: 320
                    spacing: 6
                    Label {
                        text: qsTr("Ratings")
                        font.bold: true
                        font.pixelSize: 16
                    }
                    Label {
                        visible: page.details.ratingCount > 0
                        //: the Bayesian lower-bound score on a 1 to 5 scale, and the plain average
                        text: qsTr("Score %1 of 5 (average %2)").arg(page.details.ratingScore.toFixed(1))
                                  .arg(page.details.ratingMean.toFixed(1))
                    }
                    Label {
                        visible: page.details.ratingCount === 0
                        text: qsTr("Nobody has rated this application yet.")
                        opacity: 0.7
                    }
                    Repeater {
                        model: page.details.ratingCount > 0 ? page.details.histogram : []
                        delegate: RowLayout {
                            id: bar
                            required property int index
                            required property int modelData
                            spacing: 8
                            Label { text: qsTr("%1 ★").arg(5 - bar.index); Layout.preferredWidth: 36 }
                            Rectangle {
                                Layout.preferredWidth: 200
                                Layout.preferredHeight: 10
                                radius: 5
                                color: page.palette.mid
                                Rectangle {
                                    width: parent.width * bar.modelData / page.details.histogramMax
                                    height: parent.height
                                    radius: 5
                                    color: "#f6a500"
                                }
                            }
                            Label { text: "%L1".arg(bar.modelData); opacity: 0.7 }
                        }
                    }
                }
                GridLayout {
                    Layout.alignment: Qt.AlignTop
                    Layout.fillWidth: true
                    columns: 2
                    columnSpacing: 12
                    rowSpacing: 6
                    Label { text: qsTr("Package"); font.bold: true; Layout.alignment: Qt.AlignTop }
                    Label {
                        text: page.details.packages.join("\n")
                        textFormat: Text.PlainText
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label {
                        text: qsTr("Available")
                        font.bold: true
                        visible: page.packageInfo.versions.length > 0
                        Layout.alignment: Qt.AlignTop
                    }
                    Label {
                        objectName: "packageVersions"
                        visible: page.packageInfo.versions.length > 0
                        text: page.packageInfo.versions.join("\n")
                        textFormat: Text.PlainText
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("Size"); font.bold: true; visible: page.packageInfo.sizeText !== "" }
                    Label {
                        objectName: "packageSize"
                        visible: page.packageInfo.sizeText !== ""
                        text: page.packageInfo.sizeText
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("License"); font.bold: true; visible: page.details.license !== "" }
                    Label {
                        visible: page.details.license !== ""
                        text: page.details.license
                        textFormat: Text.PlainText
                        wrapMode: Text.Wrap
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("Categories"); font.bold: true; visible: page.details.categories.length > 0 }
                    Label {
                        visible: page.details.categories.length > 0
                        text: page.details.categories.join(", ")
                        textFormat: Text.PlainText
                        Layout.fillWidth: true
                    }
                    Label { text: qsTr("Website"); font.bold: true; visible: page.details.homepage !== "" }
                    Label {
                        visible: page.details.homepage !== ""
                        text: page.details.homepage
                        textFormat: Text.PlainText
                        elide: Text.ElideRight
                        Layout.fillWidth: true
                    }
                }
            }

            ReviewsSection {
                visible: page.details.found && page.reviews !== null && page.reviews.enabled
                reviews: page.reviews
                appName: page.details.name
                canWrite: page.appState === "installed"
                Layout.fillWidth: true
                Layout.leftMargin: 24
                Layout.rightMargin: 24
                Layout.bottomMargin: 24
            }
        }
    }
}
